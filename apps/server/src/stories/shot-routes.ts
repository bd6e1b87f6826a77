import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shotParamsSchema, shotResourcesResponseSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { StoryRepository } from './story-repository.js';
import { StoryService } from './story-service.js';

/** GET stories/{storyId}/shots/{shotId} (spec 3 §7): a shot's media resources, owner only. */
export function shotRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new StoryService(new StoryRepository(ctx.database.db));

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
      return {
        media_resources: await service.shotResources(req.params.storyId, req.params.shotId, user),
      };
    },
  );
}
