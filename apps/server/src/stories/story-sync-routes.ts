import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { syncPayloadSchema, syncResponseSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { StoryRepository } from './story-repository.js';
import { StorySyncRepository } from './story-sync-repository.js';
import { StorySyncService } from './story-sync-service.js';
import { TIMELINE_BODY_LIMIT } from '../http/body-guard.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The sync body: core's payload, with `base_version` required (a write must say which version
 * it edited) and the timeline taken as an object so that it is validated — and repaired — by
 * the timeline engine, which answers with the spec's texts ('Invalid track data provided'...).
 */
const syncBodySchema = syncPayloadSchema.extend({
  video_editor_timeline: z
    .record(z.string(), z.unknown())
    .describe(
      'video_editor_timeline {schemaVersion, tracks, mediaAssets, globalConfig}; validated and repaired before it is stored',
    ),
  base_version: z
    .number()
    .int()
    .nonnegative()
    .describe('The story version the changes are based on; an older one is refused with 409'),
});

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
        params: idParams,
        body: syncBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (req) => service.apply(req.params.id, await requireUser(ctx.auth, req), req.body),
  );
}
