import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_LIMITS,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeySchema,
  idSchema,
  MESSAGES,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { conflict, notFound } from '../http/errors.js';
import { installApiKeyAuth } from './api-key-auth.js';
import { newApiKey } from './api-key-format.js';
import { apiKeyJson, ApiKeyRepository } from './api-key-repository.js';

/**
 * Personal API keys: created, listed and revoked by a signed-in user (keys cannot manage keys:
 * these routes are not in api-key-scopes.ts), and accepted as `Authorization: Bearer` on the
 * rest of the API.
 */
export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const keys = new ApiKeyRepository(ctx.database);
  installApiKeyAuth(app, keys);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api keys'];

  r.get(
    '/api/keys',
    {
      schema: {
        tags,
        summary: "The signed-in user's API keys (prefix only)",
        response: { 200: z.object({ keys: z.array(apiKeySchema) }) },
      },
    },
    async (req) => {
      const me = await requireUser(ctx.auth, req);
      return { keys: (await keys.listLive(me.id)).map(apiKeyJson) };
    },
  );

  r.post(
    '/api/keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the answer is the only time the key is shown',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (req, reply) => {
      const me = await requireUser(ctx.auth, req);
      if ((await keys.liveCount(me.id)) >= API_KEY_LIMITS.perUser)
        throw conflict(MESSAGES.automation.tooManyKeys(API_KEY_LIMITS.perUser), 'TOO_MANY_KEYS');
      const made = newApiKey();
      const row = await keys.create({
        userId: me.id,
        name: req.body.name,
        prefix: made.prefix,
        hash: made.hash,
        scopes: [...new Set(req.body.scopes)],
      });
      return reply.code(201).send({ ...apiKeyJson(row), key: made.key });
    },
  );

  r.delete(
    '/api/keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key at once',
        params: z.object({ id: idSchema }),
      },
    },
    async (req, reply) => {
      const me = await requireUser(ctx.auth, req);
      if (!(await keys.revoke(me.id, req.params.id))) throw notFound('API key');
      return reply.code(204).send();
    },
  );
}
