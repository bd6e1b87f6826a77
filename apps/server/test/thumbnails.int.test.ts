import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { stories } from '../src/db/schema.js';
import { DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

/** Thumbnails are pictures stored by the server: keys of the blob store. */
const media = (n: number) =>
  `/media/thumbnails/2026/01/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.jpg` as const;
const ORIGINAL = media(1);
const UPLOAD = media(2);
const FRAME = media(3);

describe.each(DATABASES)('story thumbnails on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  it('keeps a history of earlier thumbnails and restores the original', async () => {
    const { client } = await signUp(server.baseUrl, 'Thumbs');
    const id = (
      (await client.post('/stories', { category_id: 'music_video' })).body as unknown as Story
    ).id;
    await server.ctx.database.db
      .update(stories)
      .set({
        lastExportThumbnailUrl: ORIGINAL,
        originalThumbnailUrl: ORIGINAL,
      })
      .where(eq(stories.id, id));

    const uploaded = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: UPLOAD,
    });
    expect(uploaded.body).toMatchObject({
      last_export_thumbnail_url: UPLOAD,
      is_thumbnail_modified: true,
      metadata: { thumbnail_history: [ORIGINAL] },
    });
    const frame = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: FRAME,
    });
    expect((frame.body as unknown as Story).metadata.thumbnail_history).toEqual([UPLOAD, ORIGINAL]);
    // Picking from history moves the picked one out of the list.
    const picked = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: UPLOAD,
    });
    expect((picked.body as unknown as Story).metadata.thumbnail_history).toEqual([FRAME, ORIGINAL]);
    const restored = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: ORIGINAL,
      is_thumbnail_modified: false,
    });
    expect(restored.body).toMatchObject({
      last_export_thumbnail_url: ORIGINAL,
      original_thumbnail_url: ORIGINAL,
      is_thumbnail_modified: false,
      metadata: { thumbnail_history: [UPLOAD, FRAME] },
    });
  });
});
