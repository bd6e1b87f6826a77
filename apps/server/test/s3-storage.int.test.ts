import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { stillImage } from '@storyloom/render/test-fixtures';
import { newBlobKey } from '../src/storage/blob-store.js';
import { signUp, startTestServer, type TestServer } from './helpers.js';

const BUCKET = 'storyloom-media';

/**
 * Media in an S3-compatible bucket. The bucket is served by s3rver, an S3 server written in
 * Node that the tests start in-process (see docs/decisions.md for why this one).
 */
describe('media in an S3-compatible bucket', () => {
  let s3server: S3rver;
  let s3: S3Client;
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-s3-'));
    s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 'bucket'),
    });
    const { port } = await s3server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    // s3rver's fixed credentials, read by the SDK from the environment like real ones.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    server = await startTestServer('pglite', {
      env: { STORAGE_URL: `s3://${BUCKET}/studio`, S3_ENDPOINT: endpoint },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await s3server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const objects = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map(
      (o) => o.Key!,
    );

  it('streams large files up in parts and reads byte ranges back', async () => {
    const key = newBlobKey('media', 'mp4');
    const body = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < body.length; i += 4096) body.writeUInt32LE(i, i);
    const info = await server.ctx.blobs.put(key, body);
    expect(info).toMatchObject({ size: body.length, contentType: 'video/mp4' });
    expect(await objects()).toContain(`studio/${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of await server.ctx.blobs.read(key, { start: 8192, end: 8199 }))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(body.subarray(8192, 8200));
    await server.ctx.blobs.delete(key);
    expect(await server.ctx.blobs.stat(key)).toBeNull();
  });

  it('keeps uploads and exports in the bucket and serves them through /media', async () => {
    const { client } = await signUp(server.baseUrl);
    const picture = readFileSync(await stillImage(path.join(dir, 'still.png'), { size: '160x90' }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'still.png');
    const uploaded = await client.request('POST', '/api/media/upload_image', form);
    expect(uploaded.status).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const part = await client.request('GET', imageUrl, undefined, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(picture.subarray(0, 8));

    const created = await client.post('/stories', {
      category_id: 'create_from_scratch',
      video_editor_timeline: {
        tracks: [
          {
            id: 'main',
            type: 'video',
            isPrimary: true,
            items: [
              {
                id: 'a',
                type: 'image',
                mediaAssetId: 'still',
                startTimeInFrames: 0,
                durationInFrames: 20,
              },
            ],
          },
        ],
        mediaAssets: [{ id: 'still', url: imageUrl, resource_type: 'image' }],
      },
    });
    const id = (created.body as unknown as Story).id;
    expect((await client.post('/stories/workflow/export', { story_id: id })).status).toBe(200);
    let story: Story | undefined;
    for (let i = 0; i < 300 && !story?.last_export_url; i++) {
      await new Promise((r) => setTimeout(r, 200));
      story = (await client.get(`/stories/${id}`)).body as unknown as Story;
    }
    const exported = story!.last_export_url!;
    expect(await objects()).toContain(`studio/${exported.replace('/media/', '')}`);
    const video = await client.request('GET', exported);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Nothing went to the local media folder.
    expect(existsSync(path.join(server.dataDir, 'media'))).toBe(false);
  });
});
