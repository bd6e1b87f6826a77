import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captionFontFiles, fontFaceCss } from '@storyloom/render';
import { notFound } from '../http/errors.js';

export const FONTS_PREFIX = '/fonts/';

/**
 * The 10 caption fonts for the browser's @font-face, from the very files the exporter draws
 * with: GET /fonts/fonts.css and GET /fonts/{Family}-{weight}.ttf.
 */
export function fontRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const files = new Map(captionFontFiles().map((f) => [f.fileName, f.path]));
  const css = fontFaceCss(FONTS_PREFIX);

  r.get(
    '/fonts/fonts.css',
    { schema: { tags: ['fonts'], summary: 'The @font-face rules of the 10 caption fonts' } },
    (_req, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(css),
  );

  r.get(
    '/fonts/:file',
    {
      schema: {
        tags: ['fonts'],
        summary: 'One caption font file (TTF, OFL)',
        params: z.object({ file: z.string() }),
      },
    },
    (req, reply) => {
      const file = files.get(req.params.file);
      if (!file) throw notFound('Font');
      return reply
        .type('font/ttf')
        .header('Cache-Control', 'public, max-age=604800')
        .header('Access-Control-Allow-Origin', '*')
        .send(createReadStream(file));
    },
  );
}
