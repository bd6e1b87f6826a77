import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type ApiKeyScope } from '@storyloom/core';
import { authenticateRequest } from '../auth/session.js';
import { forbidden, HttpError } from '../http/errors.js';
import { countRequestAgainstKey } from '../http/rate-limits.js';
import { apiKeyMatches, apiKeyPrefix, bearerApiKey } from './api-key-format.js';
import type { ApiKeyRepository } from './api-key-repository.js';
import { extraScopes, routeScope } from './api-key-scopes.js';

const keyScopes = new WeakMap<FastifyRequest, readonly string[]>();

const invalidKey = () => new HttpError(401, 'INVALID_API_KEY', MESSAGES.automation.keyInvalid);

function requireScopes(req: FastifyRequest, needed: readonly ApiKeyScope[]) {
  const held = keyScopes.get(req) ?? [];
  const missing = needed.find((scope) => !held.includes(scope));
  if (missing)
    throw forbidden(MESSAGES.automation.keyScopeMissing(missing), 'API_KEY_SCOPE_MISSING');
}

/**
 * `Authorization: Bearer sl_…` on any route: the key is checked against its stored hash on
 * every call (so a revoked key is refused on the next one), the request then runs as the key's
 * owner, limited to the routes its scopes allow (api-key-scopes.ts), and counted against the
 * key's own rate limits. Runs before every route's own hooks.
 */
export function installApiKeyAuth(app: FastifyInstance, keys: ApiKeyRepository): void {
  app.addHook('onRequest', async (req) => {
    const key = bearerApiKey(req.headers.authorization);
    if (key === null) return;
    const prefix = apiKeyPrefix(key);
    const found = prefix ? await keys.findLive(prefix) : null;
    if (!found || !apiKeyMatches(key, found.key.hash)) throw invalidKey();
    const scope = routeScope(req.method, req.routeOptions.url);
    if (scope === undefined)
      throw forbidden(MESSAGES.automation.keyRouteNotAllowed, 'API_KEY_NOT_ALLOWED');
    keyScopes.set(req, found.key.scopes);
    if (scope !== 'public') requireScopes(req, [scope]);
    authenticateRequest(req, found.user);
    countRequestAgainstKey(req, found.key.id);
    await keys.touch(found.key.id);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    try {
      if (keyScopes.has(req))
        requireScopes(req, extraScopes(req.method, req.routeOptions.url, req.body));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
