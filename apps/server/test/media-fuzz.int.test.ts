import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MESSAGES } from '@storyloom/core';
import { sniffMedia } from '../src/media/media-upload-service.js';
import { newBlobKey, type BlobExtension } from '../src/storage/blob-store.js';
import { finishRun, pngDeclaring, signUp, startTestServer, type TestServer } from './helpers.js';
import type { Client } from './helpers.js';

/**
 * The media fuzzer: hostile files made with ffmpeg at test time (0/1/2-frame clips, zero and
 * huge declared lengths, lying headers and names, truncated files, 1 Hz and 384 kHz sound,
 * 16000×16000 frames inside mov, mp4, png and jpeg, silent and clipping sound) sent through every
 * route that takes media. Every answer is a success or a 4xx, the server keeps answering
 * /healthz, the test process (server and in-process workers) grows by less than RSS_BUDGET, and
 * no work folder or half-written file is left behind.
 */
const RSS_BUDGET = 600 * 2 ** 20;

interface HostileFile {
  name: string;
  bytes: Buffer;
  /** What the file pretends to be on a timeline. */
  kind: 'video' | 'image' | 'audio';
  /** Also sent to caption detection (pocketsphinx: only the short ones, to keep the run short). */
  captions?: boolean;
}

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
}

/** Overwrites a big-endian field of `width` bytes at `offset`. */
function patch(bytes: Buffer, offset: number, value: number, width: 2 | 4) {
  if (width === 2) bytes.writeUInt16BE(value, offset);
  else bytes.writeUInt32BE(value, offset);
}

/** A PNG of `side`×`side` 1-bit grey pixels: 256 Mpx in 31 KB (every row blank). */
function blankBitmapPng(side: number): Buffer {
  const header = pngDeclaring(side, side);
  // pngDeclaring gives signature + IHDR (8-bit RGB) + IEND; rebuild IHDR at 1 bit grey.
  const ihdrData = Buffer.alloc(13);
  ihdrData.writeUInt32BE(side, 0);
  ihdrData.writeUInt32BE(side, 4);
  ihdrData[8] = 1;
  ihdrData[9] = 0;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    header.subarray(0, 8),
    chunk('IHDR', ihdrData),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 16-bit mono WAV header declaring `rate` Hz and `dataBytes` of samples, then `body`. */
function wav(rate: number, dataBytes: number, body: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, body]);
}

/** Sets a FLAC's STREAMINFO total-samples field (36 bits) to `samples`. */
function flacDeclaring(flac: Buffer, samples: number): Buffer {
  const out = Buffer.from(flac);
  const field = out.readBigUInt64BE(18);
  const mask = (1n << 36n) - 1n;
  out.writeBigUInt64BE((field & ~mask) | BigInt(samples), 18);
  return out;
}

/** Sets an MP4's movie and track durations (mvhd, mdhd, version 0) to `value` ticks. */
function mp4Declaring(mp4: Buffer, value: number): Buffer {
  const out = Buffer.from(mp4);
  for (const box of ['mvhd', 'mdhd']) {
    for (let at = out.indexOf(box); at >= 0; at = out.indexOf(box, at + 4))
      if (out[at + 4] === 0) patch(out, at + 20, value, 4);
  }
  return out;
}

/** Sets a JPEG's frame header (SOF0) to `side`×`side` pixels. */
function jpegDeclaring(jpeg: Buffer, side: number): Buffer {
  const out = Buffer.from(jpeg);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  patch(out, sof + 5, side, 2);
  patch(out, sof + 7, side, 2);
  return out;
}

function makeCorpus(dir: string): HostileFile[] {
  const file = (name: string) => path.join(dir, name);
  const read = (name: string) => readFileSync(file(name));
  const clip = (name: string, frames: number) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=64x64:r=25',
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      file(name),
    ]);
  clip('zero-frames.mp4', 0);
  clip('one-frame.mp4', 1);
  clip('two-frames.mp4', 2);
  clip('second.mp4', 25);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=64x64', '-frames:v', '1', file('small.jpg')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=64x64', '-frames:v', '1', file('small.png')]);
  const hugePng = blankBitmapPng(16_000);
  const hugePngFile = file('huge.png');
  writeFileSync(hugePngFile, hugePng);
  ffmpeg(['-i', hugePngFile, '-c', 'copy', file('huge.mov')]);
  ffmpeg(['-i', hugePngFile, '-c', 'copy', file('huge.mp4')]);
  const tone = (name: string, args: string[]) => ffmpeg(['-f', 'lavfi', ...args, file(name)]);
  tone('silent.wav', ['-i', 'anullsrc=r=8000:cl=mono', '-t', '30']);
  tone('clipping.wav', ['-i', 'sine=f=220:r=22050:d=15', '-af', 'volume=40']);
  tone('384k.wav', ['-i', 'sine=f=1000:r=384000:d=1']);
  tone('second.flac', ['-i', 'anullsrc=r=8000:cl=mono', '-t', '1']);
  // Twenty minutes of silence in a few kilobytes: legal, but analysed only up to the trim limit.
  tone('twenty-minutes.flac', ['-i', 'anullsrc=r=8000:cl=mono', '-t', '1200']);
  const oneFrame = read('one-frame.mp4');
  const second = read('second.mp4');
  const png = read('small.png');
  const silent = read('silent.wav');
  return [
    { name: 'one-frame.mp4', bytes: oneFrame, kind: 'video' },
    { name: 'two-frames.mp4', bytes: read('two-frames.mp4'), kind: 'video' },
    { name: 'zero-frames.mp4', bytes: read('zero-frames.mp4'), kind: 'video' },
    { name: 'huge-frame.mov', bytes: read('huge.mov'), kind: 'video' },
    { name: 'huge-frame.mp4', bytes: read('huge.mp4'), kind: 'video' },
    { name: 'huge-frame.png', bytes: hugePng, kind: 'image' },
    { name: 'huge-header.png', bytes: pngDeclaring(16_000, 16_000), kind: 'image' },
    { name: 'huge-frame.jpg', bytes: jpegDeclaring(read('small.jpg'), 16_000), kind: 'image' },
    { name: 'zero-length.mp4', bytes: mp4Declaring(second, 0), kind: 'video' },
    { name: 'months-long.mp4', bytes: mp4Declaring(second, 0xfffffff0), kind: 'video' },
    { name: 'truncated.mp4', bytes: second.subarray(0, second.length >> 1), kind: 'video' },
    { name: 'truncated.png', bytes: png.subarray(0, png.length >> 1), kind: 'image' },
    { name: 'video-named.png', bytes: oneFrame, kind: 'image' },
    { name: 'picture-named.mp4', bytes: png, kind: 'video' },
    { name: 'sound-named.mp4', bytes: silent, kind: 'video' },
    { name: 'text-named.mp3', bytes: Buffer.from('ID3 not really a song'), kind: 'audio' },
    { name: 'silent.wav', bytes: silent, kind: 'audio' },
    { name: 'clipping.wav', bytes: read('clipping.wav'), kind: 'audio', captions: true },
    { name: '384k.wav', bytes: read('384k.wav'), kind: 'audio', captions: true },
    {
      name: 'one-hertz.wav',
      bytes: wav(1, 4096, Buffer.alloc(4096)),
      kind: 'audio',
      captions: true,
    },
    { name: 'empty.wav', bytes: wav(8000, 0, Buffer.alloc(0)), kind: 'audio', captions: true },
    {
      name: 'lying-length.wav',
      bytes: wav(8000, 0x7ffffff0, Buffer.alloc(1600)),
      kind: 'audio',
      captions: true,
    },
    {
      name: 'a-day-of-silence.flac',
      bytes: flacDeclaring(read('second.flac'), 8000 * 24 * 3600),
      kind: 'audio',
      captions: true,
    },
    { name: 'twenty-minutes.flac', bytes: read('twenty-minutes.flac'), kind: 'audio' },
  ];
}

describe('the media fuzzer (PGlite)', () => {
  let server: TestServer;
  let user: { client: Client; id: string };
  let dir: string;
  let corpus: HostileFile[];
  let peakRss = 0;
  let baseRss = 0;
  let sampler: ReturnType<typeof setInterval> | undefined;
  const answers: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-media-fuzz-'));
    corpus = makeCorpus(dir);
    // Each request comes from its own address, so the per-address rate limits do not answer.
    server = await startTestServer('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
    user = await signUp(server.baseUrl, 'Fuzzer');
    baseRss = process.memoryUsage.rss();
    sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 50);
  }, 120_000);

  afterAll(async () => {
    clearInterval(sampler);
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let addresses = 0;
  const fromNewAddress = () => {
    addresses++;
    return { 'x-forwarded-for': `10.9.${addresses >> 8}.${addresses & 255}` };
  };

  /** Sends a request and records its answer; a 5xx fails the test at the end with its name. */
  async function send(what: string, method: string, url: string, body?: unknown) {
    const res = await user.client.request(method, url, body, fromNewAddress());
    const text = await res.text();
    answers.push(`${res.status} ${what}`);
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as never };
  }

  function form(file: HostileFile, fields: Record<string, string> = {}) {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    data.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    return data;
  }

  /** Stores a file as the user's upload as it is (no checks), as a file that got in would be. */
  async function stored(file: HostileFile): Promise<string> {
    const extension: BlobExtension =
      sniffMedia(file.bytes.subarray(0, 16))?.extension ??
      (path.extname(file.name).slice(1) as BlobExtension);
    const key = newBlobKey('uploads', extension);
    await server.ctx.blobs.put(key, file.bytes);
    await server.ctx.media.record({
      key,
      userId: user.id,
      kind: 'upload',
      bytes: file.bytes.length,
    });
    return server.ctx.blobs.url(key);
  }

  const smallPicture = (): HostileFile => ({
    name: 'small.png',
    bytes: readFileSync(path.join(dir, 'small.png')),
    kind: 'image',
  });

  async function alive() {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }

  it('answers every upload of hostile media with a success or a 4xx', async () => {
    for (const file of corpus) {
      await send(`upload ${file.name}`, 'POST', '/api/media/upload', form(file));
      await send(`upload_image ${file.name}`, 'POST', '/api/media/upload_image', form(file));
      const song = await send(
        `upload_audio ${file.name} trimmed 0–30`,
        'POST',
        '/api/media/upload_audio',
        form(
          { ...file, name: file.name.replace(/\.\w+$/, '.wav') },
          {
            trim_start: '0',
            trim_end: '30',
          },
        ),
      );
      // A stored song obeys the trim limit, whatever its header said.
      if (song.status === 200)
        expect((song.body as { duration: number }).duration).toBeLessThanOrEqual(60.5);
    }
    await alive();
  }, 120_000);

  it('takes thumbnails of 1- and 2-frame clips and refuses huge frames and days of sound by their headers', async () => {
    const byName = (name: string) => corpus.find((f) => f.name === name)!;
    for (const name of ['one-frame.mp4', 'two-frames.mp4']) {
      const res = await send(`upload ${name}`, 'POST', '/api/media/upload', form(byName(name)));
      expect(res.status).toBe(200);
      expect((res.body as { thumbnail_url: string | null }).thumbnail_url).toMatch(/\.jpg$/);
    }
    const tooLarge = MESSAGES.limits.mediaFrameTooLarge(
      MEDIA_LIMITS.framePixels,
      MEDIA_LIMITS.frameSide,
    );
    for (const name of ['huge-frame.mov', 'huge-frame.mp4']) {
      const res = await send(`upload ${name}`, 'POST', '/api/media/upload', form(byName(name)));
      expect(res).toMatchObject({ status: 400, body: { message: tooLarge } });
    }
    const day = byName('a-day-of-silence.flac');
    const analysed = await send('analyze a day of silence', 'POST', '/api/media/analyze_audio', {
      music_url: await stored(day),
    });
    expect(analysed).toMatchObject({
      status: 400,
      body: { message: MESSAGES.limits.mediaTooLong(MEDIA_LIMITS.seconds / 3600) },
    });
    // Silence has no beats: a default tempo, not a 500.
    const silence = await send('analyze silence', 'POST', '/api/media/analyze_audio', {
      music_url: await stored(byName('silent.wav')),
    });
    expect(silence).toMatchObject({ status: 200, body: { beats: [], tempo: 120 } });
    // Twenty minutes of a song: its declared length, its beats heard in its first minute only.
    const long = await send('analyze twenty minutes', 'POST', '/api/media/analyze_audio', {
      music_url: await stored(byName('twenty-minutes.flac')),
    });
    expect(long).toMatchObject({ status: 200, body: { duration: 1200 } });
    // A 1 Hz WAV is not stored as a 2,048-second song.
    const hertz = await send(
      'upload_audio one hertz',
      'POST',
      '/api/media/upload_audio',
      form(byName('one-hertz.wav'), { trim_start: '0', trim_end: '30' }),
    );
    expect(hertz.status).toBe(400);
  }, 60_000);

  it('answers multipart requests without a boundary with a 400 on every upload route', async () => {
    for (const url of ['/api/media/upload', '/api/media/upload_image', '/api/media/upload_audio']) {
      const res = await user.client.request('POST', url, undefined, {
        'content-type': 'multipart/form-data',
        ...fromNewAddress(),
      });
      const body = (await res.json()) as { message: string };
      answers.push(`${res.status} ${url} without a boundary`);
      expect({ status: res.status, message: body.message }).toEqual({
        status: 400,
        message: MESSAGES.limits.multipartBoundary,
      });
    }
  });

  it('answers hostile media named in analysis, captions, action videos, sync and export with a success or a 4xx', async () => {
    const picture = await stored(smallPicture());
    for (const file of corpus) {
      const url = await stored(file);
      await send(`analyze_audio ${file.name}`, 'POST', '/api/media/analyze_audio', {
        music_url: url,
      });
      if (file.captions) {
        await send(`generate_caption ${file.name}`, 'POST', '/stories/generate_caption', {
          tracks: [
            {
              id: 'voice',
              type: 'audio',
              subtype: 'voiceover',
              items: [
                {
                  id: 'v',
                  type: 'audio',
                  mediaAssetId: 'm',
                  startTimeInFrames: 0,
                  durationInFrames: 30,
                },
              ],
            },
          ],
          mediaAssets: [{ id: 'm', url, resource_type: 'audio', subtype: 'voiceover' }],
          globalConfig: { fps: 30 },
        });
      }
      if (file.kind === 'video') {
        await send(`action-video ${file.name}`, 'POST', '/action-video/create', {
          characterUrl: `${server.baseUrl}${picture}`,
          characterType: 'image',
          referenceUrl: `${server.baseUrl}${url}`,
          referenceType: 'video',
          model: 'runway-act2',
          ratio: '1280:720',
          expressionIntensity: 3,
        });
      }
    }
    await alive();
  }, 120_000);

  it('syncs and exports timelines of hostile media, a 1-frame timeline among them, to a finished run', async () => {
    const picture = await stored(smallPicture());
    const exported = [
      'one-frame.mp4',
      'two-frames.mp4',
      'huge-frame.mov',
      'months-long.mp4',
      'a-day-of-silence.flac',
    ];
    for (const name of exported) {
      const file = corpus.find((f) => f.name === name)!;
      const url = await stored(file);
      // The clip for exactly one frame; sound under a picture, so the timeline is not empty.
      const item = (id: string, type: string, asset: string) => ({
        id,
        type,
        mediaAssetId: asset,
        startTimeInFrames: 0,
        durationInFrames: file.kind === 'audio' ? 30 : 1,
      });
      const timeline = {
        tracks: [
          {
            id: 'main',
            type: 'video',
            isPrimary: true,
            items: [
              file.kind === 'audio' ? item('p', 'image', 'picture') : item('x', file.kind, 'm'),
            ],
          },
          ...(file.kind === 'audio'
            ? [{ id: 'music', type: 'audio', items: [item('x', 'audio', 'm')] }]
            : []),
        ],
        mediaAssets: [
          { id: 'm', url, resource_type: file.kind, title: name },
          { id: 'picture', url: picture, resource_type: 'image' },
        ],
        globalConfig: { fps: 30 },
      };
      const created = await send(`create story for ${name}`, 'POST', '/stories', {
        title: name,
        category_id: 'create_from_scratch',
      });
      const storyId = (created.body as { id: string }).id;
      const synced = await send(`sync ${name}`, 'POST', `/stories/${storyId}/sync`, {
        shots_map: {},
        video_editor_timeline: timeline,
        base_version: 1,
      });
      expect(synced.status).toBe(200);
      const started = await send(`export ${name}`, 'POST', '/stories/workflow/export', {
        story_id: storyId,
      });
      expect(started.status).toBe(200);
      {
        const run = await finishRun(
          user.client,
          (started.body as { workflowRunId: string }).workflowRunId,
          60_000,
        );
        answers.push(`${run.status} export run of ${name}`);
        expect(['RUN_SUCCESS', 'RUN_FAILED']).toContain(run.status);
        if (name === 'one-frame.mp4') expect(run.status).toBe('RUN_SUCCESS');
      }
      await alive();
    }
  }, 120_000);

  it('never answered with a 5xx, stayed within its memory budget and left no file behind', async () => {
    console.log(
      `media fuzzer: ${answers.length} answers, RSS +${Math.round((peakRss - baseRss) / 2 ** 20)} MB at peak`,
    );
    const byStatus = new Map<string, number>();
    for (const answer of answers)
      byStatus.set(answer.split(' ')[0]!, (byStatus.get(answer.split(' ')[0]!) ?? 0) + 1);
    console.log(Object.fromEntries(byStatus));
    expect(answers.filter((a) => a.startsWith('5'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    expect(peakRss - baseRss).toBeLessThan(RSS_BUDGET);
    const tmp = path.join(server.dataDir, 'tmp');
    // The last run's work folder is removed as it finishes; give it a moment to go.
    for (let i = 0; i < 50 && readdirSync(tmp).length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(tmp)).toEqual([]);
    const parts = readdirSync(path.join(server.dataDir, 'media'), { recursive: true }).filter(
      (name) => String(name).endsWith('.part'),
    );
    expect(parts).toEqual([]);
    await alive();
  });
});
