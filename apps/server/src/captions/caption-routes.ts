import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { generateCaptionRequestSchema, generateCaptionResponseSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { CreditLedger } from '../generation/credit-ledger.js';
import { TIMELINE_BODY_LIMIT } from '../http/body-guard.js';
import { MediaUploadService } from '../media/media-upload-service.js';
import { StoryRepository } from '../stories/story-repository.js';
import { CaptionDetectionService } from './caption-detection-service.js';

/** POST /stories/generate_caption (spec 3 §7). */
export function captionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new CaptionDetectionService({
    blobs: ctx.blobs,
    media: ctx.media,
    stories: new StoryRepository(ctx.database.db),
    ledger: new CreditLedger(ctx.database.db),
    transcription: ctx.providers.transcription,
    publicUrl: ctx.config.publicUrl,
    files: new MediaUploadService(ctx),
  });

  r.post(
    '/stories/generate_caption',
    {
      bodyLimit: TIMELINE_BODY_LIMIT,
      schema: {
        tags: ['stories'],
        summary:
          "Detect captions in the audio items of the given tracks (the user's media only); charges story.caption_generation per started minute",
        body: generateCaptionRequestSchema,
        response: { 200: generateCaptionResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const detected = await ctx.work.run('captionDetection', user.id, () =>
        service.detect(user, req.body),
      );
      await ctx.webhooks.emit(user.id, 'caption.completed', `caption:${randomUUID()}`, {
        tracks: req.body.tracks.map((track) => track.id),
      });
      return detected;
    },
  );
}
