import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderStatus } from '@storyloom/core';
import { signUp, waitFor as waitUntil, type Client } from './helpers.js';
import { stillRenderRequest, uploadStill } from './render-fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** How long a wait may take by default here: process starts are slow on a loaded machine. */
const WAIT_MS = 240_000;

const waitFor = <T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = WAIT_MS) =>
  waitUntil(read, done, ms);

/**
 * `npm start`'s single-process mode on the embedded database: the API in the main process, the
 * jobs in a supervised worker process that reaches the database through it. Killing the worker
 * does not stop the API, the worker is started again, and a render survives three such deaths.
 */
describe('the single-process mode with a supervised worker', () => {
  let main: ChildProcess;
  let dir: string;
  let baseUrl: string;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-supervised-'));
    main = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(here, '..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        MUSIC_PRERENDER: 'false',
        WORKER_HEARTBEAT_SECONDS: '0.5',
        EXPORT_MAX_SIDE: '640',
        RENDER_SEGMENT_SECONDS: '2',
        WORKER_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    main.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    });
    const started = await waitFor(
      () => logs.find((l) => l.msg === 'Storyloom started' && l.mode === 'all'),
      Boolean,
    );
    baseUrl = String(started!.url).replace('localhost', '127.0.0.1');
  }, 300_000);

  afterAll(async () => {
    if (main && main.exitCode === null) {
      const exited = new Promise((r) => main.once('exit', r));
      main.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** The pids of the worker processes that have started, in order. */
  const workerPids = () =>
    logs.filter((l) => l.msg === 'Storyloom started' && l.mode === 'worker').map((l) => l.pid);

  it('keeps answering while its worker dies, restarts it, and the render survives 3 deaths', async () => {
    await waitFor(workerPids, (pids) => pids.length === 1);
    const { client } = await signUp(baseUrl);
    const uploaded = await uploadStill(client, dir, 'still.png');
    expect(uploaded.status).toBe(200);
    const start = await client.post(
      '/api/internal/storybuilder/render_video',
      stillRenderRequest(uploaded.imageUrl, 30 * 30),
    );
    expect(start.status).toBe(200);
    const { renderId } = start.body as { renderId: string };
    const status = async (c: Client) =>
      (await c.get(`/api/internal/storybuilder/render_video?id=${renderId}`))
        .body as unknown as RenderStatus;

    for (let kill = 1; kill <= 3; kill++) {
      // The current worker is rendering a segment of it: kill it there.
      await waitFor(
        () => status(client),
        (s) => s.status === 'rendering',
      );
      const pid = workerPids().at(-1) as number;
      process.kill(pid, 'SIGKILL');
      // The API answers at once, though no worker runs.
      const health = await fetch(`${baseUrl}/healthz`);
      expect(health.status).toBe(200);
      await waitFor(workerPids, (pids) => pids.length === kill + 1);
    }
    const done = await waitFor(
      () => status(client),
      (s) => s.status === 'success' || s.status === 'error',
      150_000,
    );
    expect(done).toMatchObject({ status: 'success' });
    expect(main.exitCode).toBeNull();
    const restarts = logs.filter((l) => l.msg === 'a worker process stopped; starting it again');
    expect(restarts.map((l) => l.signal)).toEqual(['SIGKILL', 'SIGKILL', 'SIGKILL']);
    // Each quick failure doubles the pause before the next start.
    expect(restarts.map((l) => l.restartInMs)).toEqual([1000, 2000, 4000]);
  }, 600_000);
});
