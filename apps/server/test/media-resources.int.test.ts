import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, type MediaAsset } from '@storyloom/core';
import { stories } from '../src/db/schema.js';
import { blobKeyOfUrl } from '../src/storage/media-files.js';
import { uploadMedia } from './character-fixtures.js';
import { signUp, startTestServer, type Client, type TestServer } from './helpers.js';

const run = promisify(execFile);
const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

interface Uploaded {
  url: string;
  resource_type: string;
  thumbnail_url: string | null;
  metadata: { width?: number; height?: number; duration?: number; fps?: number };
}

/**
 * The media pane's server side (spec 3 §5, §7): uploads sniffed by content and held to the
 * size table, with thumbnails and probed facts; a story's media resources created, listed and
 * deleted by their owner only, within bounds, pointing only at the user's own files.
 */
describe('story media resources', () => {
  let server: TestServer;
  let dir: string;
  let clip: Buffer;
  let picture: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-media-'));
    const mp4 = path.join(dir, 'clip.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=2'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', mp4],
    ]);
    clip = readFileSync(mp4);
    const png = path.join(dir, 'picture.png');
    await ffmpeg([...['-f', 'lavfi', '-i', 'testsrc=s=640x360:r=1:d=1'], '-frames:v', '1', png]);
    picture = readFileSync(png);
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (client: Client, bytes: Buffer, name: string) =>
    uploadMedia<Uploaded & { message?: string }>(client, bytes, name);
  const newStory = async (client: Client) =>
    (await client.post('/stories', { title: 'Media', category_id: 'create_from_scratch' })).body
      .id as string;
  const list = async (client: Client, storyId: string) => {
    const res = await client.get(`/stories/${storyId}/media_resources`);
    return { status: res.status, assets: (res.body.media_resources ?? []) as MediaAsset[] };
  };

  it('uploads a clip and a picture with thumbnails and probed facts, then adds, lists and deletes them', async () => {
    const { client } = await signUp(server.baseUrl);
    const storyId = await newStory(client);

    const video = await upload(client, clip, 'clip.mp4');
    expect(video.status).toBe(200);
    expect(video.body.resource_type).toBe('video');
    expect(video.body.metadata).toMatchObject({ width: 320, height: 240, fps: 25 });
    expect(video.body.metadata.duration).toBeCloseTo(2, 1);
    expect(video.body.thumbnail_url).toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
    const thumb = await client.request('GET', video.body.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const image = await upload(client, picture, 'picture.png');
    expect(image.status).toBe(200);
    expect(image.body.resource_type).toBe('image');
    expect(image.body.metadata).toMatchObject({ width: 640, height: 360 });
    expect(image.body.thumbnail_url).toMatch(/\.jpg$/);

    const id = crypto.randomUUID();
    const created = await client.post(`/stories/${storyId}/media_resources`, {
      id,
      type: 'video',
      url: video.body.url,
      thumbnail_url: video.body.thumbnail_url,
      title: 'clip.mp4',
      metadata: video.body.metadata,
    });
    expect(created.status).toBe(200);
    expect(created.body.media_resource).toMatchObject({
      id,
      resource_type: 'video',
      source: 'user_upload',
      url: video.body.url,
      title: 'clip.mp4',
    });
    // Sent again (a retry), the same resource answers.
    const again = await client.post(`/stories/${storyId}/media_resources`, {
      id,
      type: 'video',
      url: video.body.url,
    });
    expect(again.status).toBe(200);
    const pictureAsset = await client.post(`/stories/${storyId}/media_resources`, {
      type: 'image',
      url: image.body.url,
    });
    expect(pictureAsset.status).toBe(200);
    // A stock track of the music library may be added as music.
    const tracks = await client.get('/api/music/tracks');
    const stock = (tracks.body.tracks as { url: string; name: string }[])[0]!;
    const music = await client.post(`/stories/${storyId}/media_resources`, {
      type: 'audio',
      subtype: 'music',
      url: stock.url,
      title: stock.name,
    });
    expect(music.status).toBe(200);
    expect(music.body.media_resource).toMatchObject({ subtype: 'music', resource_type: 'audio' });

    expect((await list(client, storyId)).assets.map((a) => a.id)).toEqual([
      id,
      (pictureAsset.body.media_resource as MediaAsset).id,
      (music.body.media_resource as MediaAsset).id,
    ]);
    // The history picker: the user's earlier uploads of a kind.
    const history = await client.get('/api/media/history?type=video');
    expect((history.body.media_resources as MediaAsset[]).map((a) => a.url)).toEqual([
      video.body.url,
    ]);
    const albums = await client.get('/api/media/library?tab=albums&type=image');
    expect((albums.body.media_resources as MediaAsset[]).map((a) => a.url)).toEqual([
      image.body.url,
    ]);

    const deleted = await client.json('DELETE', `/stories/${storyId}/media_resources`, {
      ids: [id, 'not-a-resource'],
    });
    expect(deleted).toEqual({ status: 200, body: { deleted: [id] } });
    expect((await list(client, storyId)).assets.map((a) => a.id)).not.toContain(id);
  });

  it("keeps a story's media to its owner and files to theirs", async () => {
    const owner = await signUp(server.baseUrl, 'Owner');
    const other = await signUp(server.baseUrl, 'Other');
    const storyId = await newStory(owner.client);
    const mine = await upload(owner.client, picture, 'mine.png');
    const created = await owner.client.post(`/stories/${storyId}/media_resources`, {
      type: 'image',
      url: mine.body.url,
    });
    expect(created.status).toBe(200);
    const assetId = (created.body.media_resource as MediaAsset).id;

    // Another user sees nothing, adds nothing, deletes nothing.
    expect((await list(other.client, storyId)).status).toBe(404);
    const theirs = await upload(other.client, picture, 'theirs.png');
    expect(
      (
        await other.client.post(`/stories/${storyId}/media_resources`, {
          type: 'image',
          url: theirs.body.url,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await other.client.json('DELETE', `/stories/${storyId}/media_resources`, {
          ids: [assetId],
        })
      ).status,
    ).toBe(404);
    expect((await list(owner.client, storyId)).assets.map((a) => a.id)).toEqual([assetId]);

    // The owner may not point a resource at someone else's file, nor take someone's id.
    const foreign = await owner.client.post(`/stories/${storyId}/media_resources`, {
      type: 'image',
      url: theirs.body.url,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.editor.notYourMedia);
    const otherStory = await newStory(other.client);
    const taken = await other.client.post(`/stories/${otherStory}/media_resources`, {
      id: assetId,
      type: 'image',
      url: theirs.body.url,
    });
    expect(taken.status).toBe(409);
    // A picture is not a video.
    const wrongKind = await owner.client.post(`/stories/${storyId}/media_resources`, {
      type: 'video',
      url: mine.body.url,
    });
    expect(wrongKind.status).toBe(400);
    // The files of an example story are for everyone to use: its copies keep them.
    await server.ctx.media.attachToStory(
      blobKeyOfUrl(mine.body.url, server.ctx.config.publicUrl)!,
      owner.id,
      storyId,
    );
    const fromStory = () =>
      other.client.post(`/stories/${otherStory}/media_resources`, {
        type: 'image',
        url: mine.body.url,
      });
    expect((await fromStory()).status).toBe(400);
    await server.ctx.database.db
      .update(stories)
      .set({ isTemplate: true })
      .where(eq(stories.id, storyId));
    expect((await fromStory()).status).toBe(200);
    // Signed out: nothing.
    const res = await fetch(`${server.baseUrl}/stories/${storyId}/media_resources`);
    expect(res.status).toBe(401);
  });

  it('holds requests to their bounds', async () => {
    const { client } = await signUp(server.baseUrl);
    const storyId = await newStory(client);
    const tooMany = await client.json('DELETE', `/stories/${storyId}/media_resources`, {
      ids: Array.from({ length: 101 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(
      (await client.json('DELETE', `/stories/${storyId}/media_resources`, { ids: [] })).status,
    ).toBe(400);
    const longTitle = await client.post(`/stories/${storyId}/media_resources`, {
      type: 'image',
      url: '/media/uploads/x.png',
      title: 'x'.repeat(501),
    });
    expect(longTitle.status).toBe(400);
    const badType = await client.post(`/stories/${storyId}/media_resources`, {
      type: 'file',
      url: '/media/uploads/x.png',
    });
    expect(badType.status).toBe(400);
    const badId = await client.post(`/stories/${storyId}/media_resources`, {
      id: 'not a uuid',
      type: 'image',
      url: '/media/uploads/x.png',
    });
    expect(badId.status).toBe(400);
    expect((await client.get('/api/media/history?type=file')).status).toBe(400);
  });

  it('reads the kind from the content and stores nothing it refuses', async () => {
    const { client, id: userId } = await signUp(server.baseUrl);
    const storyId = await newStory(client);
    // A program renamed .png.
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(4096, 7),
    ]);
    const exe = await upload(client, program, 'setup.png');
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(MESSAGES.editor.typeNotSupportedForKind('setup.png', 'image'));
    // A video renamed .png is not a picture either.
    const disguised = await upload(client, clip, 'holiday.png');
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe(
      MESSAGES.editor.typeNotSupportedForKind('holiday.png', 'image'),
    );
    // No name that tells: the generic text.
    const unnamed = await upload(client, program, 'setup');
    expect(unnamed.body.message).toBe(MESSAGES.editor.onlyMediaFiles);
    // A real PNG over 10 MB: refused by its kind's limit.
    const big = Buffer.concat([
      picture.subarray(0, picture.length - 12),
      Buffer.alloc(12 * 2 ** 20),
      picture.subarray(picture.length - 12),
    ]);
    const large = await upload(client, big, 'big.png');
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(MESSAGES.editor.fileTooLarge('big.png', 10));
    // Nothing was stored: no upload in the history, no resource in the story, no bytes used.
    expect(await server.ctx.media.uploadedBytes(userId)).toBe(0);
    expect((await list(client, storyId)).assets).toEqual([]);
  });
});
