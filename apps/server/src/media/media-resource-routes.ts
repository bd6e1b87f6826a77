import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createMediaResourceSchema,
  deletedMediaResourcesResponseSchema,
  deleteMediaResourcesSchema,
  mediaHistoryQuerySchema,
  mediaLibraryQuerySchema,
  mediaResourceListSchema,
  mediaResourceResponseSchema,
  recordIdParamsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { StoryRepository } from '../stories/story-repository.js';
import { MediaResourceRepository } from './media-resource-repository.js';
import { MediaResourceService } from './media-resource-service.js';

/**
 * A story's media resources (spec 3 §7; paths ours, the spec shows none): list, create and
 * delete by ids, for the story's owner; the user's earlier uploads (history picker) and the
 * media picker's generation and albums tabs.
 */
export function mediaResourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new MediaResourceService(
    ctx,
    new StoryRepository(ctx.database.db),
    new MediaResourceRepository(ctx.database),
  );
  const tags = ['media'];

  r.get(
    '/stories/:id/media_resources',
    {
      schema: {
        tags,
        summary: "A story's media resources that are not deleted (owner only)",
        params: recordIdParamsSchema,
        response: { 200: mediaResourceListSchema },
      },
    },
    async (req) => ({
      media_resources: await service.list(req.params.id, await requireUser(ctx.auth, req)),
    }),
  );

  r.post(
    '/stories/:id/media_resources',
    {
      schema: {
        tags,
        summary:
          "Add a media resource to a story: an upload of the user's, their stories' media or a stock track (owner only)",
        params: recordIdParamsSchema,
        body: createMediaResourceSchema,
        response: { 200: mediaResourceResponseSchema },
      },
    },
    async (req) => ({
      media_resource: await service.create(
        req.params.id,
        await requireUser(ctx.auth, req),
        req.body,
      ),
    }),
  );

  r.delete(
    '/stories/:id/media_resources',
    {
      schema: {
        tags,
        summary: "Delete a story's media resources by ids (owner only); the files stay",
        params: recordIdParamsSchema,
        body: deleteMediaResourcesSchema,
        response: { 200: deletedMediaResourcesResponseSchema },
      },
    },
    async (req) => ({
      deleted: await service.delete(req.params.id, await requireUser(ctx.auth, req), req.body.ids),
    }),
  );

  r.get(
    '/api/media/history',
    {
      schema: {
        tags,
        summary: "The user's earlier uploads of a kind, newest first (the history picker)",
        querystring: mediaHistoryQuerySchema,
        response: { 200: mediaResourceListSchema },
      },
    },
    async (req) => ({
      media_resources: await service.history(await requireUser(ctx.auth, req), req.query.type),
    }),
  );

  r.get(
    '/api/media/library',
    {
      schema: {
        tags,
        summary:
          "The media picker's generation tab (media generated for the user's stories) or albums tab (the user's uploaded pictures)",
        querystring: mediaLibraryQuerySchema,
        response: { 200: mediaResourceListSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { tab, type } = req.query;
      return {
        media_resources:
          tab === 'generation'
            ? await service.generated(user, type)
            : type === 'image'
              ? await service.history(user, 'image')
              : [],
      };
    },
  );
}
