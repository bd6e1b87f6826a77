import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { compress } from 'wawoff2';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  browserFontBytes,
  captionFontFiles,
  fallbackFontFiles,
  fontFaceCss,
  notForBrowser,
  woff2Name,
  type FontFile,
} from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/errors.js';
import { openReadStream } from '../storage/read-stream.js';
import { fontFileParamsSchema } from '@storyloom/core';

export const FONTS_PREFIX = '/fonts/';

/**
 * The WOFF2 of each caption font, compressed from its TTF on first request (about a second)
 * and kept in `$DATA_DIR/cache/fonts`; one compression at a time.
 */
function woff2Cache(dataDir: string) {
  const dir = path.join(dataDir, 'cache', 'fonts');
  const made = new Map<string, Promise<Buffer>>();
  const one = pLimit(1);
  return (name: string, ttf: string): Promise<Buffer> => {
    let font = made.get(name);
    if (!font) {
      const file = path.join(dir, name);
      font = readFile(file).catch(() =>
        one(async () => {
          const bytes = Buffer.from(await compress(await readFile(ttf)));
          await mkdir(dir, { recursive: true });
          await writeFile(`${file}.part`, bytes);
          await rename(`${file}.part`, file);
          return bytes;
        }),
      );
      font.catch(() => made.delete(name));
      made.set(name, font);
    }
    return font;
  };
}

/**
 * The browser's copy of a font that differs from its file (the colour emoji without its SVG
 * pictures), made once on first request and kept in memory with its gzip (a few MB each), so no
 * request reads the whole file again.
 */
function reducedFonts() {
  const made = new Map<string, Promise<{ plain: Buffer; gzipped: Buffer }>>();
  return (file: FontFile) => {
    let font = made.get(file.fileName);
    if (!font) {
      font = browserFontBytes(file).then(async (plain) => ({
        plain,
        gzipped: await promisify(gzip)(plain),
      }));
      font.catch(() => made.delete(file.fileName));
      made.set(file.fileName, font);
    }
    return font;
  };
}

/**
 * The 10 caption fonts for the browser's @font-face, from the very files the exporter draws
 * with: GET /fonts/fonts.css, GET /fonts/{Family}-{weight}.woff2 and the .ttf it was made from.
 */
export function fontRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ttfs = new Map([...captionFontFiles(), ...fallbackFontFiles()].map((f) => [f.fileName, f]));
  const reduced = reducedFonts();
  const woff2s = new Map(captionFontFiles().map((f) => [woff2Name(f.fileName), f.path]));
  const woff2 = woff2Cache(ctx.config.dataDir);
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
        summary: 'One caption font file (WOFF2, or the TTF it is made from; OFL)',
        params: fontFileParamsSchema,
      },
    },
    async (req, reply) => {
      const name = req.params.file;
      reply
        .header('Cache-Control', 'public, max-age=604800')
        .header('Access-Control-Allow-Origin', '*');
      const ttf = ttfs.get(name);
      if (ttf && notForBrowser(ttf)) {
        reply.type('font/ttf').header('Vary', 'Accept-Encoding');
        const { plain, gzipped } = await reduced(ttf);
        if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.send(plain);
        return reply.header('Content-Encoding', 'gzip').send(gzipped);
      }
      if (ttf) return reply.type('font/ttf').send(await openReadStream(ttf.path));
      const source = woff2s.get(name);
      if (!source) throw notFound('Font');
      return reply.type('font/woff2').send(await woff2(name, source));
    },
  );
}
