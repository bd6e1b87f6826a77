import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lyricsVideoPayloadSchema,
  musicVideoPayloadSchema,
  workflowRunResponseSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { rateLimited } from '../http/rate-limits.js';
import { lyricsAsMusicVideo, startMusicVideo } from './music-video-workflows.js';

const workflowRunAnswer = workflowRunResponseSchema;

/** POST /stories/workflow/generate_music_video and generate_lyrics_to_video (spec 2 §7). */
export function musicVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/stories/workflow/generate_music_video',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['generation'],
        summary: 'Start a music video from a song; credits are charged now',
        body: musicVideoPayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startMusicVideo(ctx, user.id, req.body);
      return { workflowRunId };
    },
  );

  r.post(
    '/stories/workflow/generate_lyrics_to_video',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['generation'],
        summary: 'Start a lyrics video: the words heard in the song, timed, over backgrounds',
        body: lyricsVideoPayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startMusicVideo(ctx, user.id, lyricsAsMusicVideo(req.body));
      return { workflowRunId };
    },
  );
}
