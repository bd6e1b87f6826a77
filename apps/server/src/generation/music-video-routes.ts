import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { musicVideoPayloadSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { rateLimited } from '../http/rate-limits.js';
import { startMusicVideo } from './music-video-workflows.js';

/** POST /stories/workflow/generate_music_video (spec 2 §7). */
export function musicVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/stories/workflow/generate_music_video',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['generation'],
        summary: 'Start a music video from a song; credits are charged now',
        body: musicVideoPayloadSchema,
        response: { 200: z.object({ workflowRunId: z.string() }) },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startMusicVideo(ctx, user.id, req.body);
      return { workflowRunId };
    },
  );
}
