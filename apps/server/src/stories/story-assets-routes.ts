import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BRAND_NAME,
  recordIdParamsSchema,
  sanitizeFileTitle,
  storyAssetListsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { storyAssetLists } from './story-assets.js';
import type { StoryService } from './story-service.js';
import { StoryZipService } from './story-zip-service.js';

/** Download all assets (spec 1 §7): the asset lists and the zip, for the owner only. */
export function storyAssetsRoutes(app: FastifyInstance, ctx: AppContext, service: StoryService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const zips = new StoryZipService(ctx);
  const tags = ['stories'];

  r.get(
    '/stories/:id/assets',
    {
      schema: {
        tags,
        summary: "A story's asset URLs by kind (owner only)",
        params: recordIdParamsSchema,
        response: { 200: storyAssetListsSchema },
      },
    },
    async (req) =>
      storyAssetLists(await service.ownStory(req.params.id, await requireUser(ctx.auth, req))),
  );

  r.get(
    '/stories/:id/assets.zip',
    {
      schema: {
        tags,
        summary:
          'Every asset of a story as a zip, streamed (owner only); 502 with per-kind counts when files fail',
        params: recordIdParamsSchema,
      },
    },
    async (req, reply) => {
      const user = await requireUser(ctx.auth, req);
      const story = await service.ownStory(req.params.id, user);
      const files = await zips.files(storyAssetLists(story), user.id);
      const name = `${BRAND_NAME}_${sanitizeFileTitle(story.title)}_${story.id}_assets.zip`;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
        'Cache-Control': 'no-store',
      });
      // Stored, not compressed (media is compressed already); Zip64 when it grows past 4 GiB;
      // each file opened only when its turn comes.
      const zip = new ZipFile();
      // yazl reports a file it could not open on the zip, and does not listen for a file's
      // read errors: either ends the download (never the process).
      const fail = (error: Error) => res.destroy(error);
      zip.on('error', fail);
      for (const file of files) {
        zip.addReadStreamLazy(file.path, { size: file.size, compress: false }, (done) => {
          zips.read(file).then(
            (stream) => {
              stream.on('error', fail);
              done(null, stream);
            },
            (error: unknown) => done(error, undefined as never),
          );
        });
      }
      zip.end();
      try {
        await pipeline(zip.outputStream, res);
      } catch (error) {
        // Headers are gone: cut the download short so the browser reports it failed.
        req.log.warn({ err: error }, 'zip stream failed');
        res.destroy(error instanceof Error ? error : undefined);
      }
    },
  );
}
