import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordIdParamsSchema, syncRequestBodySchema, syncResponseSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { StoryRepository } from './story-repository.js';
import { StorySyncRepository } from './story-sync-repository.js';
import { StorySyncService } from './story-sync-service.js';
import { TIMELINE_BODY_LIMIT } from '../http/body-guard.js';

/** POST /stories/{id}/sync (spec 3 §7). */
export function storySyncRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new StorySyncService(
    new StoryRepository(ctx.database.db),
    new StorySyncRepository(ctx.database.db),
    ctx.media,
  );

  r.post(
    '/stories/:id/sync',
    {
      bodyLimit: TIMELINE_BODY_LIMIT,
      schema: {
        tags: ['stories'],
        summary:
          "Store the editor's shots (null deletes one) and timeline; 409 when base_version is stale",
        params: recordIdParamsSchema,
        body: syncRequestBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (req) => service.apply(req.params.id, await requireUser(ctx.auth, req), req.body),
  );
}
