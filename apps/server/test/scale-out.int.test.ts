import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
const SHOTS = 6;

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
  let vendor: Server;
  /** The environment of a process with its own data folder. */
  let own: (name: string) => Record<string, string>;
  /** Image requests the fake vendor answered, and the ones it is answering now, by prompt. */
  const imageCalls: string[] = [];
  const imagesInFlight = new Set<string>();

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

  /** Kills (SIGKILL) the worker process that last started a part. */
  async function killWorkerOf(part: { workerId: string | null }) {
    const [worker] = await database.db.select().from(workers).where(eq(workers.id, part.workerId!));
    process.kill(worker!.pid, 'SIGKILL');
  }

  const partsOf = (runId: string) =>
    database.db
      .select()
      .from(workflowParts)
      .where(eq(workflowParts.runId, runId))
      .orderBy(asc(workflowParts.stepIndex), asc(workflowParts.partIndex));

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
    // A paid image vendor (OpenAI's images API) that takes 2 s a picture and counts calls.
    const picture = path.join(dir, 'vendor.png');
    await lavfi(picture, ['-f', 'lavfi', '-i', 'testsrc=s=1536x1024:d=1', '-frames:v', '1']);
    const b64 = readFileSync(picture).toString('base64');
    vendor = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const json = (value: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        if (req.url === '/v1/chat/completions') {
          const shots = Array.from({ length: SHOTS }, (_, i) => ({
            script: `This is sentence number ${i + 1} of the story.`,
            image_prompt: `Picture number ${i + 1}`,
            video_prompt: 'slow pan',
            keywords: ['garden'],
          }));
          const content = JSON.stringify({ shots });
          return json({ choices: [{ index: 0, message: { role: 'assistant', content } }] });
        }
        if (req.url === '/v1/images/generations') {
          const prompt = (JSON.parse(body) as { prompt: string }).prompt;
          imageCalls.push(prompt);
          imagesInFlight.add(prompt);
          setTimeout(() => {
            imagesInFlight.delete(prompt);
            json({ data: [{ b64_json: b64 }] });
          }, 2000);
          return;
        }
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    pg = await createPostgresDatabase();
    const env = {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/v1`,
      IMAGE_MODEL: 'gpt',
      DATABASE_URL: pg.url,
      STORAGE_URL: `s3://${BUCKET}/studio`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      RENDER_SEGMENT_SECONDS: String(SEGMENT_SECONDS),
      WORKER_CONCURRENCY: '1',
      WORKER_HEARTBEAT_SECONDS: '1',
      MUSIC_PRERENDER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    // Each process has its own data folder: nothing is shared but the database and the bucket.
    own = (name: string) => ({ ...env, DATA_DIR: path.join(dir, name) });
    const url = await start('serve', own('api'));
    baseUrl = url!.replace('localhost', '127.0.0.1');
    await Promise.all(['w1', 'w2', 'w3'].map((name) => start('worker', own(name))));
    database = await openDatabase({ databaseUrl: pg.url, dataDir: dir });
  }, 240_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await database?.close();
    await s3server?.close();
    vendor?.close();
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

    const parts = () => partsOf(renderId);
    // Kill the worker of a segment that is under way, once a few are done.
    let victim: { partIndex: number; workerId: string } | undefined;
    let doneBefore: Awaited<ReturnType<typeof parts>> = [];
    for (const until = Date.now() + 120_000; !victim && Date.now() < until;) {
      const rows = await parts();
      const running = rows.find((r) => r.status === 'running' && r.progress < 40);
      if (rows.filter((r) => r.status === 'done').length >= 2 && running?.workerId) {
        await killWorkerOf(running);
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
    expect(status, status?.error).toMatchObject({ status: 'success' });

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
  it('generates a story shot by shot on the workers; a worker killed mid-shot costs that shot only', async () => {
    // The first test left two of the three workers; a third joins.
    await start('worker', own('w4'));
    const { client } = await signUp(baseUrl);
    const begun = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: 'A short story in six sentences about a garden and the birds in it.',
      auto_rewrite: false,
      visual_style: 'animation',
      voiceover_voice: 'calm_male',
      aspect_ratio: '16:9',
    });
    expect(begun.status).toBe(200);
    const { workflowRunId } = begun.body as { workflowRunId: string };

    // Kill the worker whose picture the vendor is drawing right now.
    let victim: { partIndex: number; workerId: string | null } | undefined;
    for (const until = Date.now() + 120_000; !victim && Date.now() < until;) {
      const running = (await partsOf(workflowRunId)).find(
        (r) => r.status === 'running' && imagesInFlight.has(`Picture number ${r.partIndex + 1}`),
      );
      if (running) {
        await killWorkerOf(running);
        victim = running;
      } else await new Promise((r) => setTimeout(r, 50));
    }
    expect(victim).toBeDefined();

    let poll: {
      status: string;
      output?: { story?: { status: string; last_export_url?: string } };
    } = { status: 'RUN_RUNNING' };
    for (const until = Date.now() + 300_000; poll.status === 'RUN_RUNNING' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 500));
      poll = (await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] }))
        .body as unknown as typeof poll;
    }
    expect(poll.status).toBe('RUN_SUCCESS');
    expect(poll.output?.story?.status).toBe('completed');
    expect(poll.output?.story?.last_export_url).toMatch(/\.mp4$/);
    // Every picture was paid for once, except the one whose worker died: twice.
    const calls = new Map<string, number>();
    for (const prompt of imageCalls) calls.set(prompt, (calls.get(prompt) ?? 0) + 1);
    expect(calls.size).toBe(SHOTS);
    for (let i = 1; i <= SHOTS; i++) {
      expect(calls.get(`Picture number ${i}`)).toBe(i === victim!.partIndex + 1 ? 2 : 1);
    }
    const parts = await partsOf(workflowRunId);
    const imageParts = parts.filter((p) => p.stepIndex === parts[0]!.stepIndex);
    expect(imageParts).toHaveLength(SHOTS);
    expect(imageParts.find((p) => p.partIndex === victim!.partIndex)!.attempts).toBe(2);
  }, 420_000);
});
