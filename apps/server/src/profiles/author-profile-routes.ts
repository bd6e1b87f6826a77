import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authorProfileQuerySchema,
  authorProfileResponseSchema,
  authorUsernameParamsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { StoryRepository } from '../stories/story-repository.js';
import { AuthorProfileService } from './author-profile-service.js';

/** GET /api/profiles/{username}: an author's public profile; works signed out. */
export function authorProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new AuthorProfileService(ctx.database.db, new StoryRepository(ctx.database.db));
  r.get(
    '/api/profiles/:username',
    {
      schema: {
        tags: ['account'],
        summary:
          "An author's public profile and published stories, newest first, 12 a page (team profiles: 404)",
        params: authorUsernameParamsSchema,
        querystring: authorProfileQuerySchema,
        response: { 200: authorProfileResponseSchema },
      },
    },
    async (req) => service.profile(req.params.username, req.query.cursor),
  );
}
