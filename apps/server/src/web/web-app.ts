import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../app-context.js';
import { StoryRepository, toStory } from '../stories/story-repository.js';
import { injectShareMeta, shareMetaOf } from './share-meta.js';

/** Paths the single-page app never owns: unknown ones among them answer JSON 404s. */
export const API_PREFIXES = ['/api/', '/stories', '/media/', '/healthz'];

/** Story pages whose HTML carries the story's Open Graph and Twitter card meta (spec 1 §2). */
const STORY_PAGES = ['/story/share/:id', '/story/community/:id'] as const;

/**
 * The built web app: static files, every other page path falling back to index.html for
 * client routing, and the public story pages served with the story's meta tags so links
 * unfurl on social sites. Only stories a visitor may read (published, public or examples)
 * get meta; any other id gets the plain index.html, so nothing private leaks.
 */
export async function serveWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const distDir = ctx.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const hasApp = existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  const stories = new StoryRepository(ctx.database.db);

  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');

  // index.html is read again only when a new build replaces it.
  let index: { mtimeMs: number; html: Promise<string> } | undefined;
  async function indexHtml(): Promise<string> {
    const { mtimeMs } = await stat(indexFile);
    if (index?.mtimeMs !== mtimeMs) index = { mtimeMs, html: readFile(indexFile, 'utf8') };
    const current = index;
    return current.html.catch((error: unknown) => {
      if (index === current) index = undefined;
      throw error;
    });
  }

  async function storyPageHtml(id: string, pagePath: string): Promise<string> {
    const html = await indexHtml();
    const row = await stories.findById(id);
    if (!row || !(row.isPublished || row.isPublic || row.isTemplate)) return html;
    return injectShareMeta(
      html,
      shareMetaOf(toStory(row), { publicUrl: ctx.config.publicUrl, pagePath }),
    );
  }

  for (const url of STORY_PAGES) {
    app.get<{ Params: { id: string } }>(url, { schema: { hide: true } }, async (req, reply) => {
      if (!hasApp) return notBuilt(reply);
      const pagePath = url.replace(':id', encodeURIComponent(req.params.id));
      const html = await storyPageHtml(req.params.id, pagePath);
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage =
      req.method === 'GET' && !API_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (!isPage)
      return reply.code(404).send({ error: 'NOT_FOUND', message: `No route ${req.method} ${url}` });
    if (!hasApp) return notBuilt(reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
