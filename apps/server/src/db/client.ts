import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../config.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/**
 * The one database handle of a process: Drizzle for the application, plain SQL for the job
 * engine. `kind` tells which engine is underneath: the embedded PGlite (one process only) or a
 * PostgreSQL server (any number of processes).
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Plain SQL, answered like node-postgres's `query`: `{rows}` for one statement, an array of
   * them for a text of several statements (pg-boss relies on both shapes).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult | SqlResult[]>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process, on a
   * connection of its own that comes back after a break (then `onReconnect` runs, since
   * messages sent meanwhile are lost). PostgreSQL only: PGlite has one process, whose own
   * announcements reach it directly. Resolves to the function that stops listening.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** Opens PostgreSQL when a URL is given, else PGlite in `{dataDir}/db`, and applies migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about connection errors outside any query (a server restart, a dropped link). */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onConnectionError);
  return openPglite(path.join(opts.dataDir, 'db'));
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // Without parameters a text may hold several statements (pg-boss's migrations do).
      const results = (await client.exec(text)).map((r) => ({
        rows: r.rows,
      }));
      return results.length === 1 ? results[0]! : results;
    },
    close: () => client.close(),
  };
}

/** Serialises migration across processes that start at once against one PostgreSQL. */
const MIGRATION_LOCK = 7_316_001;

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that breaks must not crash the process: the pool replaces it.
  pool.on('error', onConnectionError);
  const db = drizzlePg({ client: pool, schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    lockClient.release();
  }
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    async executeSql(text, values) {
      // A text of several statements answers with one result per statement.
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result)
        ? result.map((r) => ({ rows: r.rows as Record<string, unknown>[] }))
        : { rows: result.rows as Record<string, unknown>[] };
    },
    listen: (channel, onMessage, onReconnect) =>
      listenOn(url, channel, onMessage, onReconnect, onConnectionError),
    close: () => pool.end(),
  };
}

/** LISTEN on a dedicated connection, reconnecting a second after it breaks. */
async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void,
  onConnectionError: (error: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      onConnectionError(error);
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(true).catch(onConnectionError), 1000);
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    if (again) onReconnect();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
