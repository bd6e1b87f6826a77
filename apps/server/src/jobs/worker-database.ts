import type { ChildProcess } from 'node:child_process';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, SqlResult } from '../db/client.js';
import { schema } from '../db/schema.js';

/**
 * The embedded database (PGlite) lives in one process. Supervised worker processes reach it
 * through their parent: each statement, and each transaction's begin and end, travels over the
 * child's IPC channel to the parent, which runs it on its PGlite and answers. A transaction
 * holds PGlite's lock in the parent from begin to end, exactly as it would in one process, and
 * is rolled back if its worker dies before ending it.
 */

type Request =
  | { t: 'query'; id: number; tx?: number; sql: string; params?: unknown[]; wire?: WireOptions }
  | { t: 'exec'; id: number; tx?: number; sql: string }
  | { t: 'begin'; id: number }
  | { t: 'end'; id: number; tx: number; commit: boolean };

/** A request before it is numbered. */
type Unnumbered = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Reply = { t: 'db-reply'; id: number; value?: unknown; error?: WireError };

/** Query options that cross the channel: drizzle's parsers all keep a type's text as it is. */
interface WireOptions {
  rowMode?: 'array' | 'object';
  rawTypes: number[];
}

interface WireError {
  message: string;
  fields: Record<string, unknown>;
}

const isRequest = (message: unknown): message is Request & { channel: 'db' } =>
  typeof message === 'object' &&
  message !== null &&
  (message as { channel?: unknown }).channel === 'db';

function toWire(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    rawTypes: Object.keys(options.parsers ?? {}).map(Number),
  };
}

function fromWire(wire: WireOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  const keep = (value: string) => value;
  return {
    ...(wire.rowMode ? { rowMode: wire.rowMode } : {}),
    parsers: Object.fromEntries(wire.rawTypes.map((oid) => [oid, keep])),
  };
}

/** A database error with its fields (code, detail, constraint...) as the child's code reads them. */
function errorToWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { message: error.message, fields };
}

/** Plain SQL on a PGlite (or one of its transactions), answered like node-postgres. */
async function executeOn(
  client: Pick<PGlite, 'query' | 'exec'> | Transaction,
  text: string,
  values?: unknown[],
): Promise<SqlResult | SqlResult[]> {
  if (values && values.length > 0) {
    const result = await client.query<Record<string, unknown>>(text, values);
    return { rows: result.rows };
  }
  // Without parameters a text may hold several statements (pg-boss's migrations do).
  const results = (await client.exec(text)).map((r) => ({ rows: r.rows }));
  return results.length === 1 ? results[0]! : results;
}

/**
 * Serves `child`'s database requests on the parent's PGlite until the child exits; then rolls
 * back any transaction it left open.
 */
export function serveDatabaseTo(child: ChildProcess, pglite: PGlite): void {
  let nextTx = 1;
  const open = new Map<number, { tx: Transaction; end(commit: boolean): Promise<void> }>();

  const begin = () =>
    new Promise<number>((resolve, reject) => {
      const id = nextTx++;
      let finish: (commit: boolean) => void = () => undefined;
      const done = pglite
        .transaction(async (tx) => {
          const ended = new Promise<boolean>((r) => (finish = r));
          open.set(id, {
            tx,
            end: async (commit) => {
              finish(commit);
              await done;
            },
          });
          resolve(id);
          if (!(await ended)) await tx.rollback();
        })
        .finally(() => open.delete(id));
      done.catch(reject);
    });

  const handle = async (request: Request): Promise<unknown> => {
    const tx = 'tx' in request && request.tx !== undefined ? open.get(request.tx) : undefined;
    if ('tx' in request && request.tx !== undefined && !tx)
      throw new Error('This transaction has ended');
    const client = tx?.tx ?? pglite;
    switch (request.t) {
      case 'query': {
        const result: Results = await client.query(
          request.sql,
          request.params,
          fromWire(request.wire),
        );
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec':
        return (await client.exec(request.sql)).map((r) => ({
          rows: r.rows,
          fields: r.fields,
          affectedRows: r.affectedRows,
        }));
      case 'begin':
        return begin();
      case 'end':
        await tx!.end(request.commit);
        return null;
    }
  };

  const onMessage = (message: unknown) => {
    if (!isRequest(message)) return;
    handle(message).then(
      (value) => reply({ t: 'db-reply', id: message.id, value }),
      (error: unknown) => reply({ t: 'db-reply', id: message.id, error: errorToWire(error) }),
    );
  };
  const reply = (answer: Reply) => {
    if (child.connected) child.send(answer, (error) => error && undefined);
  };
  child.on('message', onMessage);
  child.once('exit', () => {
    child.off('message', onMessage);
    for (const left of open.values()) void left.end(false).catch(() => undefined);
  });
}

/** In a supervised worker process: the parent's embedded database, reached over IPC. */
export function openParentDatabase(): Database {
  const send = process.send?.bind(process);
  if (!send) throw new Error('A supervised worker needs the IPC channel of its parent');
  let nextId = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  process.on('message', (message: unknown) => {
    const answer = message as Reply;
    if (answer?.t !== 'db-reply') return;
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if (answer.error)
      call.reject(Object.assign(new Error(answer.error.message), answer.error.fields));
    else call.resolve(answer.value);
  });
  process.once('disconnect', () => {
    for (const call of waiting.values()) call.reject(new Error('The parent process is gone'));
    waiting.clear();
  });
  const call = <T>(request: Unnumbered): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve, reject });
      send({ ...request, id, channel: 'db' }, undefined, {}, (error: Error | null) => {
        if (!error) return;
        waiting.delete(id);
        reject(error);
      });
    });

  /** The part of PGlite that drizzle and `executeSql` use, on a transaction or not. */
  const clientFor = (tx?: number) => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call<Results<T>>({
        t: 'query',
        sql,
        ...(params ? { params } : {}),
        ...(tx !== undefined ? { tx } : {}),
        ...(options ? { wire: toWire(options) } : {}),
      }),
    exec: (sql: string) => call<Results[]>({ t: 'exec', sql, ...(tx !== undefined ? { tx } : {}) }),
  });
  const remote = {
    ...clientFor(),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ t: 'begin' });
      let result: T;
      try {
        result = await callback(clientFor(tx) as unknown as Transaction);
      } catch (error) {
        await call({ t: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ t: 'end', tx, commit: true });
      return result;
    },
  };
  const db = drizzlePglite({ client: remote as unknown as PGlite, schema });
  return {
    kind: 'pglite',
    db: db,
    executeSql: (text, values) => executeOn(remote, text, values),
    // Announcements (NOTIFY) reach the parent's status streams through its PGlite; a worker
    // itself never listens.
    listen: () => Promise.reject(new Error('Supervised workers do not listen')),
    close: () => Promise.resolve(),
  };
}

/** LISTEN on the parent's PGlite: hears the NOTIFYs its supervised workers send through it. */
export function pgliteListen(pglite: PGlite): NonNullable<Database['listen']> {
  return async (channel, onMessage) => {
    const stop = await pglite.listen(channel, onMessage);
    return () => stop();
  };
}
