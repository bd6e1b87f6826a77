/**
 * The username of an author profile path segment: `/@{username}` (spec 1 §2). React Router
 * cannot match a literal '@' prefix on a dynamic segment, so a `/:handle` route reads it.
 * Returns null for segments that are not handles.
 */
export function usernameFromHandle(handle: string | undefined): string | null {
  if (!handle || !handle.startsWith('@')) return null;
  let username: string;
  try {
    username = decodeURIComponent(handle.slice(1));
  } catch {
    return null;
  }
  return username.length > 0 && !username.includes('/') ? username : null;
}

/** `/@{username}`. */
export function authorProfilePath(username: string): string {
  return `/@${encodeURIComponent(username)}`;
}
