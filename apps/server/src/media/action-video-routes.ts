import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionVideoRequestSchema,
  mediaUploadResponseSchema,
  MESSAGES,
  workflowRunResponseSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { badRequest, HttpError } from '../http/errors.js';
import { rateLimited } from '../http/rate-limits.js';
import { StoryRepository } from '../stories/story-repository.js';
import { StoryService } from '../stories/story-service.js';
import { requireMultipartBoundary } from '../storage/multipart-request.js';
import { ActionVideoService } from './action-video-service.js';
import { MediaUploadService, UPLOAD_LIMITS } from './media-upload-service.js';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

/**
 * The media pane's upload (spec 3 §7: POST /api/media/upload, multipart `file`, the URL in
 * the reply) and action videos (POST /action-video/create, spec 3 §3, §5).
 */
export function actionVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = new MediaUploadService(ctx);
  const actionVideos = new ActionVideoService(
    ctx,
    new StoryService(new StoryRepository(ctx.database.db)),
  );

  r.post(
    '/api/media/upload',
    {
      ...rateLimited('upload'),
      schema: {
        tags: ['media'],
        summary:
          'Upload a video (mp4, webm, mov, avi; 100 MB), image (10 MB) or audio file (10 MB); its kind is read from its content',
        consumes: ['multipart/form-data'],
        response: {
          200: mediaUploadResponseSchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      requireMultipartBoundary(req);
      const file = await req.file({ limits: { fileSize: LARGEST_UPLOAD, files: 1 } });
      if (!file || file.fieldname !== 'file')
        throw badRequest('Send the file in the field "file"', 'NO_FILE');
      const name = path.basename(file.filename || 'file').slice(0, 200);
      return uploads.inWorkFolder(async (dir) => {
        const target = path.join(dir, 'upload');
        const tooLarge = () =>
          new HttpError(
            413,
            'FILE_TOO_LARGE',
            MESSAGES.editor.fileTooLarge(name, Math.round(LARGEST_UPLOAD / 2 ** 20)),
          );
        // Streamed to disk: a 100 MB video is never held in memory.
        await pipeline(file.file, createWriteStream(target)).catch((error: unknown) => {
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
            throw tooLarge();
          throw error;
        });
        if (file.file.truncated) throw tooLarge();
        return uploads.store(user.id, target, name);
      });
    },
  );

  r.post(
    '/action-video/create',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['media'],
        summary:
          "Move a character picture or clip after a reference video (3–30 s); the result joins the user's media",
        body: z.unknown(),
        response: { 200: workflowRunResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const parsed = actionVideoRequestSchema.safeParse(req.body);
      if (!parsed.success)
        throw badRequest(
          MESSAGES.editor.validationFailed(parsed.error.issues.map((i) => i.message).join(', ')),
          'VALIDATION_ERROR',
        );
      return actionVideos.start(user, parsed.data, `${req.protocol}://${req.host}`);
    },
  );
}
