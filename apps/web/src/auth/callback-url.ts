/** Where a signed-in user lands when there is no usable callbackUrl. */
export const DEFAULT_AFTER_SIGN_IN = '/story';

/**
 * Returns `raw` when it is a same-site path ('/' followed by anything but a second slash or
 * a backslash, with no control characters), otherwise the default landing page. This keeps
 * `?callbackUrl=https://evil.example` or `//evil.example` from turning sign-in into an open
 * redirect.
 */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/')) return DEFAULT_AFTER_SIGN_IN;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_SIGN_IN;
  return raw;
}

/** `/signin?callbackUrl=...` for a path the user should come back to (from core). */
export { signInPath } from '@storyloom/core';

/** `/signup?callbackUrl=...`, carrying the same callback across the auth pages. */
export function signUpPath(callbackUrl: string): string {
  return `/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

/** The path and query string of a location, as used for callbackUrl. */
export function currentPath(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
