import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryAssetLists } from '@storyloom/core';
import { newBlobKey, type BlobExtension } from '../src/storage/blob-store.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

/** Reads a zip of stored files through its central directory, checking each CRC. */
function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    expect(crc32(data) >>> 0).toBe(crc);
    files.push({ name, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe.each(DATABASES)('download all assets on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  /** A file of the user's (an upload), stored unless `lost` (gone from storage since). */
  async function stored(userId: string, extension: BlobExtension, content: string, lost = false) {
    const key = newBlobKey('uploads', extension);
    if (!lost) await server.ctx.blobs.put(key, Buffer.from(content));
    await server.ctx.media.record({ key, userId, kind: 'upload', bytes: content.length });
    return { url: server.ctx.blobs.url(key), content };
  }

  function storyBody(urls: {
    images: string[];
    video: string;
    music: string;
    audio: string;
    background?: string;
  }) {
    return {
      title: 'Zip me: "all" assets',
      category_id: 'music_video',
      storyboard: {
        shots_map: {
          s2: { shot_id: 's2', lexorank: 'b', active_image_url: urls.images[1] },
          s1: {
            shot_id: 's1',
            lexorank: 'a',
            active_image_url: urls.images[0],
            active_voice_over_audio_url: urls.audio,
          },
          hidden: { shot_id: 'hidden', lexorank: 'c', is_hidden: true, active_image_url: '/x.png' },
        },
      },
      video_editor_timeline: {
        tracks: [],
        mediaAssets: [
          { id: 'v', url: urls.video, resource_type: 'video' },
          { id: 'i', url: urls.images[0], resource_type: 'image' },
          { id: 'vo', url: urls.audio, resource_type: 'audio', subtype: 'voiceover' },
          ...(urls.background
            ? [{ id: 'bg', url: urls.background, resource_type: 'audio', subtype: 'music' }]
            : []),
        ],
      },
    };
  }

  it('streams the owner a zip named by kind with three-digit numbers', async () => {
    const { client, id: userId } = await signUp(server.baseUrl, 'Zipper');
    const first = await stored(userId, 'png', 'first image');
    const second = await stored(userId, 'jpg', 'second image');
    const video = await stored(userId, 'mp4', 'the video');
    const audio = await stored(userId, 'mp3', 'the voice');
    const background = await stored(userId, 'mp3', 'the background music');
    const created = await client.post(
      '/stories',
      storyBody({
        images: [first.url, second.url],
        video: video.url,
        music: '',
        audio: audio.url,
        background: background.url,
      }),
    );
    expect(created.status).toBe(201);
    const id = (created.body as unknown as Story).id;

    const lists = (await client.get(`/stories/${id}/assets`)).body as unknown as StoryAssetLists;
    expect(lists).toEqual({
      title: 'Zip me: "all" assets',
      activeImageUrls: [first.url, second.url],
      activeVideoUrls: [video.url],
      activeVoiceOverAudioUrls: [audio.url],
      lipSyncAudioUrls: [],
      musicUrls: [],
      // The voice-over on the timeline is not background music.
      backgroundMusicUrls: [background.url],
    });

    const res = await client.request('GET', `/stories/${id}/assets.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Storyloom_Zip_me_all_assets_${id}_assets.zip"`,
    );
    const files = readZip(Buffer.from(await res.arrayBuffer()));
    expect(files.map((f) => [f.name, f.data.toString()])).toEqual([
      ['images/image_001.png', 'first image'],
      ['images/image_002.jpg', 'second image'],
      ['videos/video_001.mp4', 'the video'],
      ['voiceovers/voiceover_001.mp3', 'the voice'],
      ['background_music/background_music_001.mp3', 'the background music'],
    ]);
  });

  it('is for the owner only', async () => {
    const owner = await signUp(server.baseUrl, 'Owner');
    const stranger = await signUp(server.baseUrl, 'Stranger');
    const id = (
      (await owner.client.post('/stories', { title: 'Mine', category_id: 'asmr_video' }))
        .body as unknown as Story
    ).id;
    expect((await new Client(server.baseUrl).get(`/stories/${id}/assets.zip`)).status).toBe(401);
    expect((await stranger.client.get(`/stories/${id}/assets.zip`)).status).toBe(404);
    expect((await stranger.client.get(`/stories/${id}/assets`)).status).toBe(404);
    await owner.client.patch(`/stories/${id}`, { is_published: true });
    expect((await stranger.client.get(`/stories/${id}/assets.zip`)).status).toBe(403);
    const empty = await owner.client.request('GET', `/stories/${id}/assets.zip`);
    expect(empty.status).toBe(200);
    expect(readZip(Buffer.from(await empty.arrayBuffer()))).toEqual([]);
  });

  it('fails with the count of failed files per kind, sending nothing', async () => {
    const { client, id: userId } = await signUp(server.baseUrl, 'Broken');
    const ok = await stored(userId, 'png', 'fine');
    const created = await client.post(
      '/stories',
      storyBody({
        images: [ok.url, (await stored(userId, 'png', 'lost', true)).url],
        video: 'https://elsewhere.example/video.mp4',
        music: '',
        audio: (await stored(userId, 'mp3', 'lost', true)).url,
      }),
    );
    const id = (created.body as unknown as Story).id;
    const res = await client.get(`/stories/${id}/assets.zip`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'ASSET_DOWNLOAD_FAILED',
      message: 'Failed to download all assets (failed files: images 1, videos 1, voiceovers 1)',
    });
  });
});
