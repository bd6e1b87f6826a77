import { fork, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { workers } from '../db/schema.js';
import { serveDatabaseTo } from './worker-database.js';

/** The environment variable that tells a process it is a worker supervised by its parent. */
const SUPERVISED_ENV = 'STORYLOOM_SUPERVISED_WORKER';

/** The first pause before a stopped worker is started again; it doubles up to the maximum. */
const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** A worker that ran this long before stopping is started again after the first pause. */
const STABLE_MS = 60_000;
/** How long a worker may take to finish its jobs when the service stops. */
const STOP_GRACE_MS = 30_000;

export interface WorkerSupervisor {
  /** The process ids of the running workers. */
  pids(): number[];
  /** Stops the workers (SIGTERM, then SIGKILL after a grace period) and restarts no more. */
  stop(): Promise<void>;
}

/**
 * Runs the job workers of the single-process mode in child processes of this one (the same
 * program in `worker` mode), so a crash in media work ends a worker, never the API. A worker
 * that stops is started again after a pause that doubles with each quick failure (1 s up to a
 * minute); the jobs it held are retried at once by the next worker, since its stop is recorded.
 * With the embedded database the workers reach it through this process (`serveDatabaseTo`).
 */
export function superviseWorkers(opts: {
  count: number;
  database: Database;
  /** The embedded database to serve, or none when the workers open PostgreSQL themselves. */
  pglite: PGlite | undefined;
  logger: FastifyBaseLogger;
  /** The program to fork (this one's entry) and the arguments that make it a worker. */
  modulePath: string;
  args: string[];
}): WorkerSupervisor {
  const { logger } = opts;
  const children = new Map<number, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  const start = (slot: number, failures: number) => {
    const startedAt = Date.now();
    const child = fork(opts.modulePath, opts.args, {
      env: { ...process.env, [SUPERVISED_ENV]: '1' },
      serialization: 'advanced',
      stdio: 'inherit',
    });
    children.set(slot, child);
    if (opts.pglite) serveDatabaseTo(child, opts.pglite);
    child.once('exit', (code, signal) => {
      children.delete(slot);
      if (stopping) return;
      const quick = Date.now() - startedAt < STABLE_MS;
      const next = quick ? failures + 1 : 0;
      const delay = Math.min(
        FIRST_RESTART_MS * 2 ** Math.min(Math.max(next - 1, 0), 16),
        MAX_RESTART_MS,
      );
      logger.error(
        { workerPid: child.pid, code, signal, restartInMs: delay },
        'a worker process stopped; starting it again',
      );
      void markStopped(child.pid).finally(() => {
        if (stopping) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopping) start(slot, next);
        }, delay);
        timers.add(timer);
      });
    });
  };

  /** Lets the next worker retry the dead one's jobs at once instead of after its silence. */
  const markStopped = async (pid: number | undefined) => {
    if (pid === undefined) return;
    try {
      await opts.database.db
        .update(workers)
        .set({ heartbeatAt: new Date(0) })
        .where(and(eq(workers.pid, pid), eq(workers.host, hostname())));
    } catch (error) {
      logger.warn({ err: error }, 'could not record a stopped worker');
    }
  };

  for (let slot = 0; slot < opts.count; slot++) start(slot, 0);

  return {
    pids: () => [...children.values()].flatMap((c) => (c.pid === undefined ? [] : [c.pid])),
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
