import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import type { Story } from '@storyloom/core';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { startStoryloom, type StartOptions, type Storyloom } from '../src/server.js';

/** Every integration suite runs against PGlite, and PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A new, empty PostgreSQL database on the test server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `storyloom_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** An empty, migrated database of the given kind; what undoes it is pushed onto `cleanups`. */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
  cleanups: (() => unknown)[],
): Promise<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storyloom-db-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const pgDb = await createPostgresDatabase();
    cleanups.push(() => pgDb.drop());
    databaseUrl = pgDb.url;
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  cleanups.push(() => database.close());
  return database;
}

export interface TestServer extends Storyloom {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Storyloom on a free loopback port with a fresh data folder and database. */
export async function startTestServer(
  database: 'pglite' | 'postgres',
  opts: StartOptions & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storyloom-test-'));
  const pgDb = database === 'postgres' ? await createPostgresDatabase() : undefined;
  const config: Config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      // Stock tracks render when a test asks for one, not all in the background.
      MUSIC_PRERENDER: 'false',
      WORKER_HEARTBEAT_SECONDS: '0.5',
      // Small exports: these tests check timing, sound and content, not the full picture size,
      // which render.int.test.ts checks at the default 1920.
      EXPORT_MAX_SIDE: '640',
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...opts.env,
    },
    [],
  );
  const storyloom = await startStoryloom({ ...config, publicUrl: 'http://127.0.0.1' }, opts);
  const baseUrl = storyloom.url!.replace('localhost', '127.0.0.1');
  return {
    ...storyloom,
    baseUrl,
    dataDir,
    async stop() {
      await storyloom.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fetch with a cookie jar: one signed-in (or signed-out) browser. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(body !== undefined && !(body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { body: body instanceof FormData ? body : JSON.stringify(body) }
        : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async json<T = Record<string, unknown>>(method: string, url: string, body?: unknown) {
    const res = await this.request(method, url, body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  get = (url: string) => this.json('GET', url);
  post = (url: string, body?: unknown) => this.json('POST', url, body ?? {});
  patch = (url: string, body: unknown) => this.json('PATCH', url, body);
  delete = (url: string) => this.json('DELETE', url);
}

let counter = 0;
/** Signs up a new user and returns their signed-in client. */
/** A workflow run's poll answer (POST /stories/workflow/status with one id). */
export interface RunPoll {
  status: string;
  output: { story?: Story; url?: string; error?: string };
  error?: string;
}

/** Polls a workflow run until it is no longer running; throws after `timeoutMs`. */
export async function finishRun(
  client: Client,
  workflowRunId: string,
  timeoutMs = 150_000,
): Promise<RunPoll> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const poll = (
      await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] })
    ).body as unknown as RunPoll;
    if (poll.status !== 'RUN_RUNNING') return poll;
    if (Date.now() > until) throw new Error(`timed out: ${poll.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function signUp(baseUrl: string, name = 'Creator') {
  counter++;
  const tag = `${Date.now().toString(36)}${counter}`;
  const client = new Client(baseUrl);
  const email = `${name.toLowerCase()}-${tag}@example.test`;
  const username = `${name.toLowerCase()}_${tag}`.slice(0, 30);
  const res = await client.post('/api/auth/sign-up/email', {
    email,
    password: 'correct horse battery',
    name,
    username,
  });
  if (res.status !== 200)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = await client.get('/api/me');
  return { client, email, username, id: (me.body as { id: string }).id };
}

/** A PNG whose header declares any size (a few hundred bytes: the pixels are not there). */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(height * (1 + width * 3)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Reads until `done` holds, every 100 ms; throws with the last value read after `ms`. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms = 60_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
