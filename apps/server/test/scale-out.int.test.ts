import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { asc, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderStatus } from '@storyloom/core';
import { renderTimeline } from '@storyloom/render';
import { lavfi } from '@storyloom/render/test-fixtures';
import { openDatabase, type Database } from '../src/db/client.js';
import { workers, workflowParts } from '../src/db/schema.js';
import { createPostgresDatabase, signUp } from './helpers.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKET = 'storyloom-media';
const FPS = 30;
const MINUTES = 6;
const SEGMENT_SECONDS = 30;
const SIZE = { width: 640, height: 360 };

/**
 * One API process and three workers sharing PostgreSQL and an S3-compatible bucket, as in a
 * scaled-out install: an export is cut into segments that the workers render side by side, and
 * a worker killed mid-segment costs only that segment.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an export spread over three workers', () => {
  const processes: ChildProcess[] = [];
  let s3server: S3rver;
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let dir: string;
  let baseUrl: string;

  function start(mode: 'serve' | 'worker', env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', mode], {
      cwd: path.resolve(here, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(child);
    let out = '';
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return new Promise<string | undefined>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${mode} did not start: ${out}`)), 90_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const started = out.split('\n').find((line) => line.includes('Storyloom started'));
        if (started) {
          clearTimeout(timer);
          resolve((JSON.parse(started) as { url?: string }).url);
        }
      });
      child.on('exit', (code) => reject(new Error(`${mode} exited with ${code}: ${out}`)));
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-scale-'));
    s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 'bucket'),
    });
    const { port } = await s3server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    await new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }).send(new CreateBucketCommand({ Bucket: BUCKET }));
    pg = await createPostgresDatabase();
    const env = {
      DATABASE_URL: pg.url,
      STORAGE_URL: `s3://${BUCKET}/studio`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      RENDER_SEGMENT_SECONDS: String(SEGMENT_SECONDS),
      WORKER_CONCURRENCY: '1',
      WORKER_HEARTBEAT_SECONDS: '0.5',
      MUSIC_PRERENDER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    // Each process has its own data folder: nothing is shared but the database and the bucket.
    const own = (name: string) => ({ ...env, DATA_DIR: path.join(dir, name) });
    const url = await start('serve', own('api'));
    baseUrl = url!.replace('localhost', '127.0.0.1');
    await Promise.all(['w1', 'w2', 'w3'].map((name) => start('worker', own(name))));
    database = await openDatabase({ databaseUrl: pg.url, dataDir: dir });
  }, 240_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await database?.close();
    await s3server?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders segments on every worker, redoes only the killed one, and equals a one-process render', async () => {
    const stills = [0, 1].map((i) => path.join(dir, `still-${i}.png`));
    await lavfi(stills[0]!, ['-f', 'lavfi', '-i', 'testsrc=s=640x360:d=1', '-frames:v', '1']);
    await lavfi(stills[1]!, ['-f', 'lavfi', '-i', 'smptebars=s=640x360:d=1', '-frames:v', '1']);
    const { client } = await signUp(baseUrl);
    const urls: string[] = [];
    for (const file of stills) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(readFileSync(file))]), 'still.png');
      const res = await client.request('POST', '/api/media/upload_image', form);
      expect(res.status).toBe(200);
      urls.push(((await res.json()) as { imageUrl: string }).imageUrl);
    }
    // Shots of 42 s, so most joins between 30 s segments fall inside a moving shot.
    const total = MINUTES * 60 * FPS;
    const shotFrames = 42 * FPS;
    const shots = Math.ceil(total / shotFrames);
    const length = (i: number) => Math.min(shotFrames, total - i * shotFrames);
    const timeline = {
      tracks: [
        {
          id: 'main',
          type: 'video',
          isPrimary: true,
          items: Array.from({ length: shots }, (_, i) => ({
            id: `shot-${i}`,
            type: 'image',
            mediaAssetId: `still-${i % 2}`,
            startTimeInFrames: i * shotFrames,
            durationInFrames: length(i),
            effects: [{ type: 'fade-in', durationInFrames: 15 }],
          })),
        },
        {
          id: 'captions',
          type: 'caption',
          items: Array.from({ length: shots }, (_, i) => ({
            id: `caption-${i}`,
            type: 'caption',
            startTimeInFrames: i * shotFrames,
            durationInFrames: length(i),
            caption: { data: { text: `Shot number ${i + 1}` } },
          })),
        },
      ],
      mediaAssets: urls.map((url, i) => ({ id: `still-${i}`, url, resource_type: 'image' })),
    };
    const started = await client.post('/api/internal/storybuilder/render_video', {
      ...timeline,
      watermarkConfig: { enabled: false, type: 'storyloom' },
      configFromStory: { ...SIZE, fps: FPS },
    });
    expect(started.status).toBe(200);
    const renderId = (started.body as { renderId: string }).renderId;

    const parts = () =>
      database.db
        .select()
        .from(workflowParts)
        .where(eq(workflowParts.runId, renderId))
        .orderBy(asc(workflowParts.partIndex));
    // Kill the worker of a segment that is under way, once a few are done.
    let victim: { partIndex: number; workerId: string } | undefined;
    let doneBefore: Awaited<ReturnType<typeof parts>> = [];
    for (const until = Date.now() + 120_000; !victim && Date.now() < until;) {
      const rows = await parts();
      const running = rows.find((r) => r.status === 'running' && r.progress < 40);
      if (rows.filter((r) => r.status === 'done').length >= 2 && running?.workerId) {
        const [worker] = await database.db
          .select()
          .from(workers)
          .where(eq(workers.id, running.workerId));
        process.kill(worker!.pid, 'SIGKILL');
        victim = { partIndex: running.partIndex, workerId: running.workerId };
        doneBefore = rows.filter((r) => r.status === 'done');
      } else await new Promise((r) => setTimeout(r, 100));
    }
    expect(victim).toBeDefined();

    let status: RenderStatus | undefined;
    for (const until = Date.now() + 240_000; Date.now() < until;) {
      status = (await client.get(`/api/internal/storybuilder/render_video?id=${renderId}`))
        .body as unknown as RenderStatus;
      if (status.status === 'success' || status.status === 'error') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toMatchObject({ status: 'success' });

    const rows = await parts();
    expect(rows).toHaveLength((MINUTES * 60) / SEGMENT_SECONDS);
    expect(rows.every((r) => r.status === 'done')).toBe(true);
    // Three workers shared the segments, the killed one among them.
    expect(new Set([...rows.map((r) => r.workerId), victim!.workerId]).size).toBe(3);
    const killed = rows.find((r) => r.partIndex === victim!.partIndex)!;
    expect(killed.attempts).toBe(2);
    expect(killed.workerId).not.toBe(victim!.workerId);
    expect(
      rows.filter((r) => r.partIndex !== victim!.partIndex).every((r) => r.attempts === 1),
    ).toBe(true);
    for (const before of doneBefore) {
      const after = rows.find((r) => r.partIndex === before.partIndex)!;
      expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    }

    const spread = path.join(dir, 'spread.mp4');
    const video = await client.request('GET', status!.url!);
    expect(video.status).toBe(200);
    writeFileSync(spread, Buffer.from(await video.arrayBuffer()));
    // The same timeline rendered in one process, in its default (longer) segments.
    const single = path.join(dir, 'single.mp4');
    await renderTimeline({
      timeline: { ...timeline, globalConfig: { fps: FPS, watermark: { enabled: false } } },
      output: SIZE,
      outputPath: single,
      resolveMedia: (asset) => stills[Number(asset.id.slice('still-'.length))]!,
      tempDir: dir,
    });
    const frames = async (file: string) =>
      Number(
        (
          await run('ffprobe', [
            '-v',
            'error',
            '-count_packets',
            '-select_streams',
            'v:0',
            '-show_entries',
            'stream=nb_read_packets',
            '-of',
            'csv=p=0',
            file,
          ])
        ).stdout.trim(),
      );
    expect(await frames(spread)).toBe(MINUTES * 60 * FPS);
    expect(Math.abs((await frames(spread)) - (await frames(single)))).toBeLessThanOrEqual(1);
    // Frame by frame alike, the joins between segments included.
    const stats = path.join(dir, 'ssim.log');
    await run('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-i',
      spread,
      '-i',
      single,
      '-lavfi',
      `ssim=stats_file=${stats}`,
      '-f',
      'null',
      '-',
    ]);
    const perFrame = readFileSync(stats, 'utf8')
      .trim()
      .split('\n')
      .map((line) => ({
        n: Number(/n:(\d+)/.exec(line)![1]),
        all: Number(/All:([\d.]+)/.exec(line)![1]),
      }));
    const joins = rows.slice(1).map((_, i) => (i + 1) * SEGMENT_SECONDS * FPS);
    const near = perFrame.filter((f) => joins.some((j) => Math.abs(f.n - 1 - j) <= 2));
    const sorted = perFrame.map((f) => f.all).sort((a, b) => a - b);
    console.log('scale-out SSIM against a one-process render:', {
      median: sorted[Math.floor(sorted.length / 2)],
      min: sorted[0],
      atJoins: Math.min(...near.map((f) => f.all)),
      workers: new Set(rows.map((r) => r.workerId)).size,
    });
    expect(near.length).toBeGreaterThanOrEqual(joins.length * 4);
    expect(Math.min(...near.map((f) => f.all))).toBeGreaterThanOrEqual(0.99);
    expect(Math.min(...perFrame.map((f) => f.all))).toBeGreaterThanOrEqual(0.98);
  }, 480_000);
});
