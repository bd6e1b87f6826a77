import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { stories, user } from '../src/db/schema.js';
import { seedDemoContent } from '../src/seed/demo-content.js';
import { Client, startTestServer, type TestServer } from './helpers.js';

/**
 * The demo content of a new install: every seeded story is made by the pipeline in the
 * background and is shown (published, or an example) only once it has its video.
 */
describe('seeded example and community stories', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { SEED_DEMO: 'true' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const seeded = async () => {
    const owners = await server.ctx.database.db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.email, ['demo@storyloom.local', 'studio@storyloom.local']));
    return server.ctx.database.db
      .select()
      .from(stories)
      .where(
        inArray(
          stories.userId,
          owners.map((o) => o.id),
        ),
      );
  };

  it('generates each one, shows none without its video, and every shown one plays', async () => {
    const anon = new Client(server.baseUrl);
    let rows = await seeded();
    expect(rows.length).toBe(4);
    for (const until = Date.now() + 400_000; Date.now() < until;) {
      rows = await seeded();
      // Nothing is shown, or called completed, before its video exists.
      for (const row of rows) {
        if (row.isPublished || row.isTemplate || row.status === 'completed')
          expect(row.lastExportUrl).toMatch(/^\/media\/exports\/.+\.mp4$/);
      }
      if (rows.every((r) => r.status === 'completed' && (r.isPublished || r.isTemplate))) break;
      expect(rows.filter((r) => r.status.startsWith('failed'))).toEqual([]);
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'completed'));

    const published = (await anon.get('/stories/published')).body as unknown as {
      stories: Story[];
    };
    expect(published.stories.map((s) => s.title).sort()).toEqual([
      'Tech Innovations of the Decade',
      'The Cat Who Ran a Webinar',
      'Travel in Asia: Seven Cities',
    ]);
    for (const story of published.stories) {
      expect(story.status).toBe('completed');
      expect(story.last_export_thumbnail_url).toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
      expect(story.video_editor_timeline?.tracks.length).toBeGreaterThan(0);
      const video = await anon.request('GET', story.last_export_url!);
      expect(video.status).toBe(200);
      expect(
        Buffer.from(await video.arrayBuffer())
          .subarray(4, 8)
          .toString('latin1'),
      ).toBe('ftyp');
    }
    expect(published.stories.find((s) => s.title === 'The Cat Who Ran a Webinar')).toMatchObject({
      is_template: true,
      is_featured: true,
    });

    // A second start seeds nothing more.
    await seedDemoContent(server.ctx, server.app.log);
    expect(await seeded()).toHaveLength(4);
  }, 420_000);
});
