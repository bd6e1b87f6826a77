import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decompress } from 'wawoff2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderStatus, Story } from '@storyloom/core';
import { fallbackFontFiles, tableDirectory } from '@storyloom/render';
import { patternClip, stillImage } from '@storyloom/render/test-fixtures';
import { newBlobKey, type BlobExtension } from '../src/storage/blob-store.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

const run = promisify(execFile);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function probe(bytes: Buffer, dir: string) {
  const file = path.join(dir, `probe-${Date.now()}-${Math.random()}.mp4`);
  writeFileSync(file, bytes);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'stream=codec_type,width,height,sample_rate:format=duration',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_type: string; width?: number; height?: number; sample_rate?: string }[];
    format: { duration: string };
  };
}

/** A TrueType font's tables and glyph count: what a WOFF2 round trip must keep. */
function fontSummary(font: Buffer) {
  const tables = tableDirectory(font);
  return {
    version: font.readUInt32BE(0),
    tables: tables.map((t) => t.tag).sort(),
    glyphs: font.readUInt16BE(tables.find((t) => t.tag === 'maxp')!.offset + 4),
  };
}

describe.each(DATABASES)('render and export on %s', (database) => {
  let server: TestServer;
  let dir: string;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(database, { env: { EXPORT_MAX_SIDE: '1920' } });
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-render-api-'));
    const store = async (
      name: string,
      ext: BlobExtension,
      make: (file: string) => Promise<string>,
    ) => {
      const file = await make(path.join(dir, `${name}.${ext}`));
      const key = newBlobKey('uploads', ext);
      const stored = await server.ctx.blobs.put(key, readFileSync(file));
      // Every test's user renders these: files every user may use.
      await server.ctx.media.recordBuiltIn(key, stored.size);
      urls[name] = server.ctx.blobs.url(key);
    };
    await store('clip', 'mp4', (file) => patternClip(file, { seconds: 2, tone: 440 }));
    await store('still', 'png', (file) => stillImage(file, { size: '320x320' }));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const timeline = (clipUrl = urls.clip!) => ({
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'video',
            mediaAssetId: 'clip',
            startTimeInFrames: 0,
            durationInFrames: 30,
          },
          {
            id: 'b',
            type: 'image',
            mediaAssetId: 'still',
            startTimeInFrames: 30,
            durationInFrames: 15,
          },
        ],
      },
      {
        id: 'caps',
        type: 'caption',
        items: [
          {
            id: 'c',
            type: 'caption',
            startTimeInFrames: 0,
            durationInFrames: 45,
            caption: { data: { text: 'From the server' } },
          },
        ],
      },
    ],
    mediaAssets: [
      { id: 'clip', url: clipUrl, resource_type: 'video', title: 'Clip' },
      { id: 'still', url: urls.still!, resource_type: 'image' },
    ],
  });

  async function renderStatus(client: Client, id: string) {
    return waitFor(
      async () =>
        (await client.get(`/api/internal/storybuilder/render_video?id=${id}`))
          .body as unknown as RenderStatus,
      (s) => s.status === 'success' || s.status === 'error',
    );
  }

  it('renders a timeline to an MP4 in storage and reports its status', async () => {
    const { client } = await signUp(server.baseUrl);
    const start = await client.post('/api/internal/storybuilder/render_video', {
      ...timeline(),
      watermarkConfig: { enabled: true, type: 'storyloom' },
      configFromStory: { aspectRatio: '9:16' },
    });
    expect(start.status).toBe(200);
    const renderId = (start.body as { renderId: string }).renderId;
    expect(renderId).toMatch(/^[0-9a-f-]{36}$/);
    const status = await renderStatus(client, renderId);
    expect(status).toMatchObject({ renderId, status: 'success' });
    expect(status.url).toMatch(/^\/media\/exports\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    const video = await client.request('GET', status.url!);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const info = await probe(Buffer.from(await video.arrayBuffer()), dir);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1920,
    });
    expect(info.streams.find((s) => s.codec_type === 'audio')?.sample_rate).toBe('48000');
    expect(Math.abs(Number(info.format.duration) - 1.5)).toBeLessThanOrEqual(1 / 30);
  }, 120_000);

  it('keeps renders to their owner and signed-in users', async () => {
    const { client } = await signUp(server.baseUrl);
    const stranger = await signUp(server.baseUrl);
    const body = { ...timeline(), watermarkConfig: { enabled: false, type: 'storyloom' } };
    expect(
      (await new Client(server.baseUrl).post('/api/internal/storybuilder/render_video', body))
        .status,
    ).toBe(401);
    const { renderId } = (await client.post('/api/internal/storybuilder/render_video', body))
      .body as { renderId: string };
    expect(
      (await stranger.client.get(`/api/internal/storybuilder/render_video?id=${renderId}`)).status,
    ).toBe(404);
    expect((await client.get('/api/internal/storybuilder/render_video?id=nope')).status).toBe(404);
    await renderStatus(client, renderId);
  }, 120_000);

  it('refuses an invalid timeline naming the field, and fails on missing media with a clear error', async () => {
    const { client, id: userId } = await signUp(server.baseUrl);
    const bad = timeline();
    (bad.tracks[0]!.items[0] as { durationInFrames: number }).durationInFrames = 0;
    const refused = await client.post('/api/internal/storybuilder/render_video', {
      ...bad,
      watermarkConfig: { enabled: true, type: 'storyloom' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/tracks\.0\.items\.0\.durationInFrames/);

    const missing = timeline('/media/uploads/2025/01/00000000-0000-4000-8000-000000000000.mp4');
    // An upload of the user's whose file is gone from storage.
    await server.ctx.media.record({
      key: 'uploads/2025/01/00000000-0000-4000-8000-000000000000.mp4',
      userId,
      kind: 'upload',
      bytes: 0,
    });
    const { renderId } = (
      await client.post('/api/internal/storybuilder/render_video', {
        ...missing,
        watermarkConfig: { enabled: true, type: 'storyloom' },
      })
    ).body as { renderId: string };
    const status = await renderStatus(client, renderId);
    expect(status.status).toBe('error');
    expect(status.error).toBe(
      'Media asset with ID clip ("Clip") could not be found: /media/uploads/2025/01/00000000-0000-4000-8000-000000000000.mp4 does not exist',
    );
  }, 120_000);

  async function createStory(client: Client, clipUrl?: string) {
    const res = await client.post('/stories', {
      title: 'Export me',
      category_id: 'script_to_video',
      category_inputs: { aspect_ratio: '1:1' },
      video_editor_timeline: timeline(clipUrl),
    });
    expect(res.status).toBe(201);
    return res.body as unknown as Story;
  }

  async function finished(client: Client, workflowRunId: string) {
    return waitFor(
      async () =>
        (await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] }))
          .body as {
          status: string;
          output: { story?: Story; error?: string };
        },
      (s) => s.status !== 'RUN_RUNNING',
    );
  }

  it('exports a story: last export, thumbnail, not outdated, published on request', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await createStory(client);
    const start = await client.post('/stories/workflow/export', {
      story_id: story.id,
      remove_watermark: true,
      extra_steps: ['publish'],
    });
    expect(start.status).toBe(200);
    const { workflowRunId } = start.body as { workflowRunId: string };
    const during = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(['processing:user_exporting_video', 'completed']).toContain(during.status);
    const result = await finished(client, workflowRunId);
    expect(result.status).toBe('RUN_SUCCESS');
    const done = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(done).toMatchObject({
      status: 'completed',
      is_export_outdated: false,
      is_published: true,
      workflow_run_id: workflowRunId,
    });
    expect(done.last_export_url).toMatch(/^\/media\/exports\/.+\.mp4$/);
    expect(done.last_export_thumbnail_url).toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
    const thumbnail = await client.request('GET', done.last_export_thumbnail_url!);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const video = await client.request('GET', done.last_export_url!);
    const info = await probe(Buffer.from(await video.arrayBuffer()), dir);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1080,
    });
  }, 120_000);

  it("exports a story the editor turned to 9:16 at 1080x1920, by the editor's call and by a render naming it", async () => {
    const { client } = await signUp(server.baseUrl);
    const created = await client.post('/stories', {
      title: 'Turned upright',
      category_id: 'script_to_video',
      category_inputs: { aspect_ratio: '16:9' },
      video_editor_timeline: timeline(),
    });
    const story = created.body as unknown as Story;
    // The editor's aspect-ratio control and "Apply to all" travel in the synced globalConfig.
    const globalConfig = {
      aspectRatio: '9:16',
      captions: { enabled: true, style: { color: 'rgba(255, 230, 0, 1.00)', fontSize: 40 } },
    };
    const synced = await client.post(`/stories/${story.id}/sync`, {
      shots_map: {},
      video_editor_timeline: { ...timeline(), globalConfig },
      base_version: story.version,
    });
    expect(synced.status).toBe(200);
    // The editor's Export is the story's export call.
    const { workflowRunId } = (
      await client.post('/stories/workflow/export', { story_id: story.id })
    ).body as { workflowRunId: string };
    expect((await finished(client, workflowRunId)).status).toBe('RUN_SUCCESS');
    const done = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    const exported = await client.request('GET', done.last_export_url!);
    const info = await probe(Buffer.from(await exported.arrayBuffer()), dir);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1920,
    });

    // A render call naming the story, with no size of its own, follows the same rule.
    const { renderId } = (
      await client.post('/api/internal/storybuilder/render_video', {
        ...timeline(),
        watermarkConfig: { enabled: true, type: 'storyloom' },
        configFromStory: { story_id: story.id },
      })
    ).body as { renderId: string };
    const status = await renderStatus(client, renderId);
    expect(status.status).toBe('success');
    const rendered = await client.request('GET', status.url!);
    const renderedInfo = await probe(Buffer.from(await rendered.arrayBuffer()), dir);
    expect(renderedInfo.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1080,
      height: 1920,
    });
  }, 180_000);

  it('fails an export with failed:user_exporting_video, and only the owner may start one', async () => {
    const { client, id: userId } = await signUp(server.baseUrl);
    const stranger = await signUp(server.baseUrl);
    // An upload of the user's whose file is gone from storage.
    await server.ctx.media.record({
      key: 'uploads/2025/01/00000000-0000-4000-8000-000000000001.mp4',
      userId,
      kind: 'upload',
      bytes: 0,
    });
    const story = await createStory(
      client,
      '/media/uploads/2025/01/00000000-0000-4000-8000-000000000001.mp4',
    );
    expect(
      (
        await stranger.client.post('/stories/workflow/export', {
          story_id: story.id,
          remove_watermark: false,
        })
      ).status,
    ).toBe(404);
    const { workflowRunId } = (
      await client.post('/stories/workflow/export', { story_id: story.id, remove_watermark: false })
    ).body as { workflowRunId: string };
    const result = await finished(client, workflowRunId);
    expect(result.status).toBe('RUN_FAILED');
    expect(result.output.error).toMatch(/^Media asset with ID clip \("Clip"\) could not be found/);
    const failed = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(failed.status).toBe('failed:user_exporting_video');
    expect(failed.last_export_url).toBeNull();
  }, 120_000);

  it('serves the caption fonts and their @font-face stylesheet', async () => {
    const client = new Client(server.baseUrl);
    const css = await client.request('GET', '/fonts/fonts.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    const text = await css.text();
    for (const family of [
      'Inter',
      'Roboto',
      'Open Sans',
      'Montserrat',
      'Poppins',
      'Lato',
      'Nunito',
      'Work Sans',
      'Raleway',
      'Oswald',
    ])
      expect(text).toContain(`font-family: '${family}'`);
    const font = await client.request('GET', '/fonts/Open-Sans-700.ttf');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/ttf');
    const bytes = Buffer.from(await font.arrayBuffer());
    expect(bytes.readUInt32BE(0)).toBe(0x00010000); // a TrueType font
    expect((await client.request('GET', '/fonts/Comic-Sans-400.ttf')).status).toBe(404);
    // The Noto fallbacks (every caption language and emoji): the exporter's files, by script.
    expect(text).toContain("font-family: 'Noto Sans JP'");
    expect(text).toContain('unicode-range: U+0600-06FF');
    const japanese = await client.request('GET', '/fonts/Noto-Sans-JP-700.ttf');
    expect(japanese.status).toBe(200);
    expect(Buffer.from(await japanese.arrayBuffer()).readUInt32BE(0)).toBe(0x00010000);
    expect((await client.request('GET', '/fonts/Comic-Sans-400.woff2')).status).toBe(404);

    // The colour emoji: the exporter's file without its SVG pictures (which the browser does not
    // draw), gzipped; fetched only for emoji.
    expect(text).toMatch(/font-family: 'Noto Color Emoji';[^}]*unicode-range: U\+20E3, /);
    const exported = readFileSync(
      fallbackFontFiles().find((f) => f.family === 'Noto Color Emoji')!.path,
    );
    for (const encoding of ['gzip, deflate', 'identity']) {
      const emoji = await client.request('GET', '/fonts/Noto-Color-Emoji-400.ttf', undefined, {
        'Accept-Encoding': encoding,
      });
      expect(emoji.status).toBe(200);
      expect(emoji.headers.get('content-type')).toBe('font/ttf');
      expect(emoji.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : 'gzip');
      const served = Buffer.from(await emoji.arrayBuffer());
      const summary = fontSummary(served);
      expect(summary.tables).not.toContain('SVG ');
      expect(summary).toEqual({
        ...fontSummary(exported),
        tables: fontSummary(exported).tables.filter((t) => t !== 'SVG '),
      });
      expect(served.length).toBeLessThan(exported.length / 3);
    }

    // The browser is offered WOFF2 first: the same font, compressed.
    expect(text).toContain("url('/fonts/Open-Sans-700.woff2') format('woff2')");
    for (let i = 0; i < 2; i++) {
      const web = await client.request('GET', '/fonts/Open-Sans-700.woff2');
      expect(web.status).toBe(200);
      expect(web.headers.get('content-type')).toBe('font/woff2');
      const woff2 = Buffer.from(await web.arrayBuffer());
      expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(woff2.length).toBeLessThan(bytes.length * 0.6);
      expect(fontSummary(Buffer.from(await decompress(woff2)))).toEqual(fontSummary(bytes));
    }
  });
});
