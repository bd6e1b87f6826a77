import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../http/errors.js';
import type { AppContext } from '../app-context.js';
import { isBlobKey, newBlobKey } from './blob-store.js';
import { parseRange } from './range.js';
import { sniffImage } from './sniff.js';
import { requireUser } from '../auth/session.js';

export const IMAGE_UPLOAD_MAX_BYTES = 10_485_760;

export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Blobs with HTTP Range support, so video can seek.
  r.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    async handler(req, reply) {
      const key = (req.params as { '*': string })['*'];
      const info = isBlobKey(key) ? await ctx.blobs.stat(key) : null;
      if (!info) throw new HttpError(404, 'NOT_FOUND', 'File not found');
      const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', info.contentType)
        .header('ETag', etag)
        .header('Last-Modified', info.modifiedAt.toUTCString())
        .header('Cache-Control', 'public, max-age=31536000, immutable')
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
      schema: {
        tags: ['media'],
        summary: 'Upload an image (png, jpeg, webp or gif, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ imageUrl: z.string() }) },
      },
    },
    async (req) => {
      await requireUser(ctx.auth, req);
      const file = await req.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file')
        throw badRequest('Send the image in the field "file"');
      const body = await file.toBuffer().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'FILE_TOO_LARGE', 'The image must be 10 MB or less');
        }
        throw error;
      });
      const ext = sniffImage(Uint8Array.from(body.subarray(0, 16)));
      if (!ext)
        throw badRequest('Only png, jpeg, webp and gif images are accepted', 'UNSUPPORTED_TYPE');
      const key = newBlobKey('uploads', ext);
      await ctx.blobs.put(key, body);
      return { imageUrl: ctx.blobs.url(key) };
    },
  );
}
