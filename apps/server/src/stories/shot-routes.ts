import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  shotMediaResources,
  shotParamsSchema,
  shotResourcesResponseSchema,
  type ShotsMap,
  type VideoEditorTimeline,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { HttpError } from '../http/errors.js';
import { StoryRepository } from './story-repository.js';
import { ownedStory } from './story-service.js';

/** GET stories/{storyId}/shots/{shotId} (spec 3 §7): a shot's media resources, owner only. */
export function shotRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new StoryRepository(ctx.database.db);

  r.get(
    '/stories/:storyId/shots/:shotId',
    {
      schema: {
        tags: ['stories'],
        summary: "A shot's generated and uploaded images, videos and audio",
        params: shotParamsSchema,
        response: { 200: shotResourcesResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const row = await ownedStory(repo, req.params.storyId, user);
      const shots = (row.storyboard as { shots_map?: ShotsMap } | null)?.shots_map ?? {};
      if (!Object.hasOwn(shots, req.params.shotId))
        throw new HttpError(404, 'SHOT_NOT_FOUND', MESSAGES.editor.shotNotFound(req.params.shotId));
      const timeline = row.videoEditorTimeline as VideoEditorTimeline | null;
      return {
        media_resources: shotMediaResources(timeline?.mediaAssets ?? [], req.params.shotId),
      };
    },
  );
}
