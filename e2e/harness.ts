// End-to-end harness: the built server on a free port with a throwaway data dir, and
// Debian's Chromium driven by playwright-core. Used by e2e/**/*.e2e.test.ts (run after
// `npm run build`).

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const resultsDir = join(repoRoot, 'test-results');

/** Debian's package; override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface StartServerOptions {
  /** Extra or overriding environment variables; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Sets DATABASE_URL; without it the server uses embedded PGlite in its data dir. */
  databaseUrl?: string;
  /** Process mode argument (`serve`, `worker`, `all`); the server's default when omitted. */
  mode?: 'serve' | 'worker' | 'all';
  /** Server entry, relative to the repo root. Default: the built server. */
  entry?: string;
  /** How long to wait for GET /healthz to answer 200. Default 60 s. */
  timeoutMs?: number;
}

export interface StartedServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr, interleaved; last 256 KB). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; removes the data dir. Safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  // Last resort when a test run dies without calling stop().
  for (const child of running) killGroup(child, 'SIGKILL');
});

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // The server runs in its own process group, so ffmpeg & co. go with it.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `node apps/server/dist/main.js` and waits until GET /healthz answers 200. */
export async function startServer(opts: StartServerOptions = {}): Promise<StartedServer> {
  const entry = opts.entry ?? join('apps', 'server', 'dist', 'main.js');
  if (!existsSync(resolve(repoRoot, entry))) {
    throw new Error(`${entry} not found: run \`npm run build\` before the e2e tests`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-e2e-'));

  // Run like `npm start` does, not like a test process: no inherited database, no
  // NODE_ENV=test or VITEST* variables from the test runner.
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key === 'DATABASE_URL' || key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Stock tracks render when a page plays one, not all 100 in the background of every test.
    MUSIC_PRERENDER: 'false',
    // Small exports: the pages are tested, not the full picture size (the editor test that
    // compares its preview with the export asks for the full size).
    EXPORT_MAX_SIDE: '640',
  });
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  Object.assign(env, opts.env);
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const args = [entry];
  if (opts.mode) args.push(opts.mode);
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);

  let stdout = '';
  let stderr = '';
  let combined = '';
  const keep = (text: string) => (text.length > 262_144 ? text.slice(-262_144) : text);
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout = keep(stdout + chunk);
    combined = keep(combined + chunk);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = keep(stderr + chunk);
    combined = keep(combined + chunk);
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  child.once('exit', () => running.delete(child));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (!exited(child)) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 5_000))) {
          killGroup(child, 'SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      killGroup(child, 'SIGKILL'); // leftovers in the group (ffmpeg...), if any
      running.delete(child);
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    })());

  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let lastProblem: string;
  for (;;) {
    if (spawnError || exited(child)) {
      await stop();
      const why = spawnError
        ? spawnError.message
        : `exited with ${child.exitCode ?? child.signalCode}`;
      throw new Error(
        `server ${why} before /healthz answered\n--- stderr ---\n${stderr || '(empty)'}\n--- stdout ---\n${stdout || '(empty)'}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      await res.body?.cancel();
      lastProblem = `/healthz answered ${res.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `server did not become healthy within ${timeoutMs / 1000}s (${lastProblem})\n--- stderr ---\n${stderr || '(empty)'}\n--- stdout ---\n${stdout || '(empty)'}`,
      );
    }
    await sleep(200);
  }

  return { baseUrl, port, dataDir, output: () => combined, stop };
}

/** Headless Chromium (Debian's package) through playwright-core. Close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** Saves a full-page PNG into test-results/ (gitignored) for humans; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects uncaught page errors and console errors, to assert a screen ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * The built server and a browser context for one test file: started in beforeAll, stopped in
 * afterAll. Read the fields inside tests (they are set once beforeAll has run).
 */
export function e2eSession(
  options: { server?: StartServerOptions; viewport?: { width: number; height: number } } = {},
): { server: StartedServer; browser: Browser; context: BrowserContext } {
  const session = {} as { server: StartedServer; browser: Browser; context: BrowserContext };
  beforeAll(async () => {
    session.server = await startServer(options.server);
    session.browser = await launchBrowser();
    session.context = await session.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 900 },
    });
  });
  afterAll(async () => {
    await session.context?.close();
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
