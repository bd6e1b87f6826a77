import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.js';
import { unauthorized } from '../http/errors.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export function headersOf(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * Makes `user` the request's user without a session: set by a valid API key
 * (api-keys/api-key-auth.ts), before any route asks who is calling.
 */
export function authenticateRequest(req: FastifyRequest, user: SessionUser): void {
  cache.set(req, Promise.resolve(user));
}

/** The signed-in user of a request, or null; looked up once per request. */
export function sessionUser(auth: Auth, req: FastifyRequest): Promise<SessionUser | null> {
  let found = cache.get(req);
  if (!found) {
    found = auth.api
      .getSession({ headers: headersOf(req) })
      .then((s) => (s ? { id: s.user.id, email: s.user.email, name: s.user.name } : null));
    cache.set(req, found);
  }
  return found;
}

export async function requireUser(auth: Auth, req: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, req);
  if (!user) throw unauthorized();
  return user;
}
