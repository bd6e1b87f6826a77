import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@storyloom/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { creditLedger, stories, workflowRuns } from '../src/db/schema.js';
import { MAX_JOB_CRASHES } from '../src/jobs/job-engine.js';
import { createPostgresDatabase, DATABASES } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'fixtures', 'crash-worker.ts');

/** Starts a fixture process; resolves once it is ready, or at once when `ready` is false. */
function startProcess(
  env: Record<string, string>,
  script: string = fixture,
  { ready = true } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.resolve(here, '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      WORKER_HEARTBEAT_SECONDS: '0.5',
      // As the other test servers: no stock tracks rendering in the background, small exports.
      MUSIC_PRERENDER: 'false',
      EXPORT_MAX_SIDE: '640',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  if (!ready) return Promise.resolve(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not start: ${stderr}`)), 240_000);
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('READY')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`process exited with ${code}: ${stderr}`)));
  });
}

async function waitFor(check: () => boolean, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );

describe.each(DATABASES)('a worker killed mid-job on %s', (database) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('loses nothing: the job runs to completion exactly once after a worker starts again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const effects = path.join(dir, 'effects.log');
    const env: Record<string, string> = { DATA_DIR: dir, EFFECTS_FILE: effects };
    if (database === 'postgres') {
      const pgDb = await createPostgresDatabase();
      cleanups.push(() => pgDb.drop());
      env.DATABASE_URL = pgDb.url;
    }
    const lines = () =>
      existsSync(effects) ? readFileSync(effects, 'utf8').trim().split('\n') : [];

    const first = await startProcess({ ...env, START_RUN: '1' });
    cleanups.push(() => void first.kill('SIGKILL'));
    await waitFor(() => lines().length === 1); // the job is running, and hangs
    first.kill('SIGKILL');
    await exited(first);

    const second = await startProcess(env);
    cleanups.push(async () => {
      second.kill('SIGTERM');
      await exited(second);
    });
    await waitFor(() => lines().some((l) => l.startsWith('done')));
    second.kill('SIGTERM');
    await exited(second);

    expect(lines()).toEqual([`start ${first.pid}`, `start ${second.pid}`, `done ${second.pid}`]);
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir });
    try {
      const runId = readFileSync(`${effects}.run`, 'utf8');
      const [run] = await db.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
      expect(run).toMatchObject({ status: 'completed', stepIndex: 1, progress: 100 });
    } finally {
      await db.close();
    }
  }, 600_000);

  // The rule lives in the job engine, the same on both databases; once is enough for CI time.
  it.runIf(database === 'pglite')(
    'fails a job that took its worker down MAX_JOB_CRASHES times, and the next start serves at once',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const effects = path.join(dir, 'effects.log');
      const env: Record<string, string> = { DATA_DIR: dir, EFFECTS_FILE: effects };
      if (database === 'postgres') {
        const pgDb = await createPostgresDatabase();
        cleanups.push(() => pgDb.drop());
        env.DATABASE_URL = pgDb.url;
      }
      const crashes = () =>
        existsSync(effects) ? readFileSync(effects, 'utf8').trim().split('\n').length : 0;

      // Each start picks the job up again (once the dead worker is noticed) and dies with it,
      // perhaps before it has said it is ready.
      for (let start = 1; start <= MAX_JOB_CRASHES; start++) {
        const child = await startProcess(
          { ...env, ...(start === 1 ? { START_RUN: 'crash' } : {}) },
          fixture,
          { ready: false },
        );
        cleanups.push(() => void child.kill('SIGKILL'));
        await waitFor(() => crashes() === start);
        await exited(child);
      }

      // The third start does not run it again: the run fails and the server keeps serving.
      const third = await startProcess(env);
      cleanups.push(async () => {
        third.kill('SIGTERM');
        await exited(third);
      });
      // Its whole line: the file exists a moment before its line is written.
      const ended = `${effects}.ended`;
      await waitFor(() => existsSync(ended) && readFileSync(ended, 'utf8').endsWith('\n'));
      expect(readFileSync(`${effects}.ended`, 'utf8').trim()).toBe(
        `failed:exporting_video ${MESSAGES.limits.workCrashedTooOften(MAX_JOB_CRASHES)}`,
      );
      expect(crashes()).toBe(MAX_JOB_CRASHES);
      expect(third.exitCode).toBeNull();
      third.kill('SIGTERM');
      await exited(third);
      const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir });
      try {
        const runId = readFileSync(`${effects}.run`, 'utf8');
        const [run] = await db.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
        expect(run).toMatchObject({ status: 'failed:exporting_video' });
      } finally {
        await db.close();
      }
    },
    900_000,
  );

  it('finishes a generation whose worker died three times on one picture, charging once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const effects = path.join(dir, 'effects.log');
    const env: Record<string, string> = { DATA_DIR: dir, EFFECTS_FILE: effects };
    if (database === 'postgres') {
      const pgDb = await createPostgresDatabase();
      cleanups.push(() => pgDb.drop());
      env.DATABASE_URL = pgDb.url;
    }
    const generationFixture = path.join(here, 'fixtures', 'generation-crash-worker.ts');
    const lines = () =>
      existsSync(effects) ? readFileSync(effects, 'utf8').trim().split('\n') : [];

    // Three processes in turn take the same picture's job, hang drawing it, and are killed.
    for (let kill = 1; kill <= 3; kill++) {
      const child = await startProcess(
        { ...env, HANG_PICTURE: '1', ...(kill === 1 ? { START_RUN: '1' } : {}) },
        generationFixture,
      );
      cleanups.push(() => void child.kill('SIGKILL'));
      await waitFor(
        () => lines().includes(`hang ${child.pid}`) && existsSync(`${effects}.run`),
        90_000,
      );
      child.kill('SIGKILL');
      await exited(child);
    }

    const second = await startProcess(env, generationFixture);
    cleanups.push(async () => {
      second.kill('SIGTERM');
      await exited(second);
    });
    const runId = readFileSync(`${effects}.run`, 'utf8');
    await waitFor(() => lines().includes(`finished ${runId}`), 120_000);
    second.kill('SIGTERM');
    await exited(second);

    const check = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir });
    try {
      const [run] = await check.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
      expect(run).toMatchObject({ status: 'completed' });
      const [story] = await check.db.select().from(stories).where(eq(stories.id, run!.storyId!));
      expect(story).toMatchObject({ status: 'completed' });
      expect(story!.lastExportUrl).toMatch(/\.mp4$/);
      const ledger = await check.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.workflowRunId, runId));
      expect(ledger.map((e) => [e.kind, e.amount])).toEqual([['charge', -1100]]);
    } finally {
      await check.close();
    }
  }, 900_000);
});
