import { organizationClient, usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client. The server mounts better-auth at `/api/auth/*` on the same origin;
 * the session lives in an httpOnly cookie, so nothing here stores tokens.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [usernameClient(), organizationClient()],
});
