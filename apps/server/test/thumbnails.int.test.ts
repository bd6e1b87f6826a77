import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { stories } from '../src/db/schema.js';
import { DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

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
        lastExportThumbnailUrl: '/media/original.jpg',
        originalThumbnailUrl: '/media/original.jpg',
      })
      .where(eq(stories.id, id));

    const uploaded = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: '/media/upload.jpg',
    });
    expect(uploaded.body).toMatchObject({
      last_export_thumbnail_url: '/media/upload.jpg',
      is_thumbnail_modified: true,
      metadata: { thumbnail_history: ['/media/original.jpg'] },
    });
    const frame = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: '/media/frame.jpg',
    });
    expect((frame.body as unknown as Story).metadata.thumbnail_history).toEqual([
      '/media/upload.jpg',
      '/media/original.jpg',
    ]);
    // Picking from history moves the picked one out of the list.
    const picked = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: '/media/upload.jpg',
    });
    expect((picked.body as unknown as Story).metadata.thumbnail_history).toEqual([
      '/media/frame.jpg',
      '/media/original.jpg',
    ]);
    const restored = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: '/media/original.jpg',
      is_thumbnail_modified: false,
    });
    expect(restored.body).toMatchObject({
      last_export_thumbnail_url: '/media/original.jpg',
      original_thumbnail_url: '/media/original.jpg',
      is_thumbnail_modified: false,
      metadata: { thumbnail_history: ['/media/upload.jpg', '/media/frame.jpg'] },
    });
  });
});
