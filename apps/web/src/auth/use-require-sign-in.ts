import { useCallback } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { currentPath, signInPath } from './callback-url';
import { useCurrentUser } from './use-current-user';

/** Sends a signed-out user to `/signin?callbackUrl={current path+search}` (or `callbackUrl`). */
export function requireSignIn(
  navigate: NavigateFunction,
  location: Pick<Location, 'pathname' | 'search'>,
  callbackUrl: string = currentPath(location),
): void {
  void navigate(signInPath(callbackUrl));
}

/**
 * Wraps a protected action: signed-in users run it, signed-out users go to sign-in and come
 * back to `callbackUrl` (default: the current path and query) afterwards. Returns whether
 * the action ran.
 */
export function useRequireSignIn() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(user);
  return useCallback(
    (action: () => void, callbackUrl?: string): boolean => {
      if (signedIn) {
        action();
        return true;
      }
      requireSignIn(navigate, location, callbackUrl);
      return false;
    },
    [signedIn, navigate, location],
  );
}
