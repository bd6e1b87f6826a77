import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { stories } from '../src/db/schema.js';
import { uploadPicture } from './character-fixtures.js';
import { DATABASES, pngDeclaring, signUp, startTestServer, type TestServer } from './helpers.js';

describe.each(DATABASES)('story thumbnails on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  it('keeps a history of earlier thumbnails and restores the original', async () => {
    const { client } = await signUp(server.baseUrl, 'Thumbs');
    // Pictures of the user's own (the one ownership rule refuses anyone else's); the original
    // stands for the one the story's export made.
    const ORIGINAL = (await uploadPicture(client, pngDeclaring(64, 36), 'original.png')).imageUrl;
    const UPLOAD = (await uploadPicture(client, pngDeclaring(64, 36), 'upload.png')).imageUrl;
    const FRAME = (await uploadPicture(client, pngDeclaring(64, 36), 'frame.png')).imageUrl;
    expect(UPLOAD).toMatch(/^\/media\//);
    expect(FRAME).toMatch(/^\/media\//);
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
