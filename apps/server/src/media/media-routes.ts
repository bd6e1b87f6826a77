import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageUploadResponseSchema } from '@storyloom/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../http/errors.js';
import type { AppContext } from '../app-context.js';
import { isBlobKey, newBlobKey } from '../storage/blob-store.js';
import { parseRange } from '../storage/range.js';
import { requireMultipartBoundary } from '../storage/multipart-request.js';
import { checkImageDimensions } from '../storage/image-dimensions.js';
import { sniffImage } from '../storage/sniff.js';
import { checkStorageQuota } from '../storage/storage-quota.js';
import { requireUser, sessionUser } from '../auth/session.js';
import { StoryRepository } from '../stories/story-repository.js';
import { rateLimited } from '../http/rate-limits.js';

export const IMAGE_UPLOAD_MAX_BYTES = 10_485_760;

/**
 * Who may read a stored file, and how it may be cached: a story's media is public (long,
 * shared caching) while the story is published, public or an example, and otherwise private to
 * the story's owner and team; any other file is private to its owner; avatars are public.
 * Null means not at all (answered as not found, so nothing is leaked).
 */
async function readAccess(
  ctx: AppContext,
  stories: StoryRepository,
  key: string,
  req: FastifyRequest,
): Promise<'public' | 'private' | null> {
  if (key.startsWith('avatars/')) return 'public';
  const blob = await ctx.media.find(key);
  if (!blob) return null;
  if (blob.kind === 'avatar') return 'public';
  const story = blob.storyId ? await stories.findById(blob.storyId) : undefined;
  if (story && (story.isTemplate || story.isPublished || story.isPublic)) return 'public';
  const viewer = await sessionUser(ctx.auth, req);
  if (!viewer) return null;
  if (blob.userId === viewer.id) return 'private';
  if (story && (await stories.teamUserIds(viewer.id)).includes(story.userId)) return 'private';
  return null;
}

export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stories = new StoryRepository(ctx.database.db);

  // Blobs with HTTP Range support, so video can seek.
  r.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    async handler(req, reply) {
      const key = (req.params as { '*': string })['*'];
      const access = isBlobKey(key) ? await readAccess(ctx, stories, key, req) : null;
      const info = access ? await ctx.blobs.stat(key) : null;
      if (!info) throw new HttpError(404, 'NOT_FOUND', 'File not found');
      const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', info.contentType)
        .header('ETag', etag)
        .header('Last-Modified', info.modifiedAt.toUTCString())
        .header(
          'Cache-Control',
          access === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        )
        .header('Vary', 'Cookie')
        .header('X-Content-Type-Options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(req.headers.range, info.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', info.size);
      }
      if (req.method === 'HEAD') return reply.send();
      return reply.send(await ctx.blobs.read(key, range));
    },
  });

  // spec 2 §7: POST /api/media/upload_image, multipart field `file` → { imageUrl }.
  r.post(
    '/api/media/upload_image',
    {
      ...rateLimited('upload'),
      schema: {
        tags: ['media'],
        summary: 'Upload an image (png, jpeg, webp or gif, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: imageUploadResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      requireMultipartBoundary(req);
      const file = await req.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file')
        throw badRequest('Send the image in the field "file"');
      const tooLarge = () =>
        new HttpError(413, 'FILE_TOO_LARGE', 'The image must be 10 MB or less');
      const body = await file.toBuffer().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge();
        throw error;
      });
      // The size check of toBuffer can miss a file cut in its last chunk; the stream knows.
      if (file.file.truncated) throw tooLarge();
      const ext = sniffImage(Uint8Array.from(body.subarray(0, 16)));
      if (!ext)
        throw badRequest('Only png, jpeg, webp and gif images are accepted', 'UNSUPPORTED_TYPE');
      checkImageDimensions(body);
      await checkStorageQuota(ctx, user.id, body.length);
      const key = newBlobKey('uploads', ext);
      await ctx.blobs.put(key, body);
      await ctx.media.record({ key, userId: user.id, kind: 'upload', bytes: body.length });
      return { imageUrl: ctx.blobs.url(key) };
    },
  );
}
