import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { jobClaims, jobCrashes, workers } from '../db/schema.js';

/**
 * A job whose worker died this many times while running it is not run again: a user's run
 * survives three worker deaths (a machine restarted, a worker killed for memory), while a job
 * that kills every worker taking it is stopped at the fourth.
 */
export const MAX_JOB_CRASHES = 4;

/** Jobs of server's own work (seeding) come after every user's: below any user's priority. */
export const BACKGROUND_PRIORITY = -1_000_000;

/** Waiting jobs counted per owner when ordering: keeps any user's priority above background. */
const MAX_OWNER_BACKLOG = 100_000;

/** A worker silent for this many beats is taken for stopped; so is a job unclaimed this long. */
const SILENT_BEATS = 3;

export interface JobContext<T> {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first attempt, then 1, 2... */
  retryCount: number;
  /** How many times the job may be retried after its handler failed. */
  retryLimit: number;
  /** True when a failure now would not be retried. */
  isLastAttempt: boolean;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

export interface QueueDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /**
   * Retries after the handler failed (2 by default). Attempts ended by a dead worker do not
   * use them: they are bounded by `MAX_JOB_CRASHES` instead.
   */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one attempt may run before the engine fails it. */
  expireInSeconds?: number;
  /** A queue that receives the job's data when it has failed for good. */
  deadLetter?: string;
  /**
   * Called instead of the handler for a job whose worker died `MAX_JOB_CRASHES` times while
   * running it (e.g. it ran out of memory): the job is settled without running again, so it
   * cannot take down every worker that picks it up.
   */
  onCrashLimit?: (job: JobContext<T>) => Promise<void>;
}

export interface JobEngineOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How often a working process proves it is alive; a worker silent for 3 beats is dead. */
  heartbeatSeconds: number;
  concurrency: number;
}

/**
 * pg-boss on the application's database, plus worker liveness: each working process registers
 * itself and heartbeats, and records which active jobs it holds. When a process dies (even by
 * SIGKILL), any other live worker — or the next one to start — fails the dead one's jobs, so
 * pg-boss retries them at once instead of waiting for the job's expiry; so are jobs a worker
 * took and died with before it could claim them.
 */
export class JobEngine {
  readonly workerId = randomUUID();
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition<unknown>>();
  private timers: NodeJS.Timeout[] = [];
  /** Jobs seen taken but not claimed at the last reap, with when they were taken (ms). */
  private unclaimed = new Map<string, number>();
  private working = false;
  private started = false;

  constructor(private readonly opts: JobEngineOptions) {
    const { database } = opts;
    this.boss = new PgBoss({
      // pg-boss's declared type says one result; like node-postgres it also takes an array
      // for a text of several statements, and its queue monitor needs exactly that.
      db: {
        executeSql: (text, values) =>
          database.executeSql(text, values) as Promise<{ rows: unknown[] }>,
      },
      schema: 'pgboss',
      superviseIntervalSeconds: 30,
    });
    this.boss.on('error', (error) => opts.logger.error({ err: error }, 'job engine error'));
  }

  /** Declares a queue and its handler. Every process declares all queues; only workers run them. */
  define<T>(definition: QueueDefinition<T>): void {
    this.queues.set(definition.name, definition as QueueDefinition<unknown>);
  }

  async start({ work }: { work: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Dead-letter queues must exist before the queues that name them.
    const ordered = [...this.queues.values()].sort(
      (a, b) => Number(Boolean(a.deadLetter)) - Number(Boolean(b.deadLetter)),
    );
    for (const q of ordered) {
      const options = {
        // Room for the handler's retries and for the retries of attempts whose worker died.
        retryLimit: (q.retryLimit ?? 2) + MAX_JOB_CRASHES,
        retryDelay: q.retryDelaySeconds ?? 1,
        expireInSeconds: q.expireInSeconds ?? 15 * 60,
        ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
      };
      const existing = await this.boss.getQueue(q.name);
      if (existing) await this.boss.updateQueue(q.name, options);
      else await this.boss.createQueue(q.name, options);
    }
    if (work) await this.startWorking();
  }

  /**
   * Queues a job. With an `owner` (the user the work is for), the engine serves owners in turn:
   * the job's priority is lowered by the number of that owner's jobs already waiting, so the
   * n-th waiting job of every owner comes before anyone's (n+1)-th, and a user with many jobs
   * queued delays another's first job by at most the jobs already running. `priority` shifts
   * the whole band (background work sends with `BACKGROUND_PRIORITY`, after every user).
   */
  async send<T extends object>(
    queue: string,
    data: T,
    options: { startAfterSeconds?: number; priority?: number; owner?: string | null } = {},
  ) {
    const { owner } = options;
    const waiting = owner ? await this.waitingJobsOf(owner) : 0;
    const id = await this.boss.send(queue, owner ? { ...data, owner } : data, {
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      priority: (options.priority ?? 0) - waiting,
    });
    if (!id) throw new Error(`The job engine refused a job for queue ${queue}`);
    return id;
  }

  /** How many jobs of an owner wait in this engine's queues (neither running nor finished). */
  async waitingJobsOf(owner: string): Promise<number> {
    const result = await this.opts.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name in (select jsonb_array_elements_text($1::jsonb))
          and state in ('created', 'retry') and data->>'owner' = $2`,
      [JSON.stringify([...this.queues.keys()]), owner],
    );
    const rows = (Array.isArray(result) ? result[0]!.rows : result.rows) as { n: number }[];
    return Math.min(rows[0]?.n ?? 0, MAX_OWNER_BACKLOG);
  }

  async getJob(queue: string, id: string) {
    return this.boss.getJobById(queue, id);
  }

  private async startWorking(): Promise<void> {
    const { database, heartbeatSeconds } = this.opts;
    await database.db
      .insert(workers)
      .values({ id: this.workerId, host: hostname(), pid: process.pid });
    this.working = true;
    await this.reap();
    for (const q of this.queues.values()) {
      for (let i = 0; i < this.opts.concurrency; i++) {
        await this.boss.work(
          q.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
          ([job]) => (job ? this.run(q, job) : Promise.resolve()),
        );
      }
    }
    this.timers.push(
      setInterval(() => void this.beat(), heartbeatSeconds * 1000),
      setInterval(() => void this.reap(), heartbeatSeconds * 2000),
    );
  }

  private async run(q: QueueDefinition<unknown>, job: PgBoss.JobWithMetadata<unknown>) {
    const { db } = this.opts.database;
    const [crashed] = await db
      .select({ crashes: jobCrashes.crashes })
      .from(jobCrashes)
      .where(eq(jobCrashes.jobId, job.id));
    // Attempts whose worker died are not the handler's failures (nor are ones never claimed,
    // which the queue's extra room also covers).
    const retryLimit = q.retryLimit ?? 2;
    const failures = Math.max(0, job.retryCount - (crashed?.crashes ?? 0));
    const context: JobContext<unknown> = {
      id: job.id,
      queue: q.name,
      data: job.data,
      retryCount: failures,
      retryLimit,
      isLastAttempt: failures >= retryLimit || job.retryCount >= job.retryLimit,
    };
    if (crashed && crashed.crashes >= MAX_JOB_CRASHES) {
      this.opts.logger.error(
        { jobId: job.id, queue: q.name, crashes: crashed.crashes },
        'a job stopped its worker too often; it is not run again',
      );
      await q.onCrashLimit?.(context);
      await db.delete(jobCrashes).where(eq(jobCrashes.jobId, job.id));
      return;
    }
    await db
      .insert(jobClaims)
      .values({ jobId: job.id, queue: q.name, workerId: this.workerId })
      .onConflictDoUpdate({ target: jobClaims.jobId, set: { workerId: this.workerId } });
    try {
      const result = await q.handler(context);
      if (crashed) await db.delete(jobCrashes).where(eq(jobCrashes.jobId, job.id));
      return result;
    } finally {
      await db.delete(jobClaims).where(eq(jobClaims.jobId, job.id));
    }
  }

  /**
   * Proves this worker alive. A worker that was too slow to beat (a starved machine) and was
   * taken for dead registers again: its jobs have been retried elsewhere, but the jobs it takes
   * from now on must be found if it really dies.
   */
  private async beat(): Promise<void> {
    const { db } = this.opts.database;
    try {
      const beaten = await db
        .update(workers)
        .set({ heartbeatAt: new Date() })
        .where(eq(workers.id, this.workerId))
        .returning({ id: workers.id });
      if (beaten.length === 0) {
        this.opts.logger.warn({ workerId: this.workerId }, 'this worker was taken for stopped');
        await db
          .insert(workers)
          .values({ id: this.workerId, host: hostname(), pid: process.pid })
          .onConflictDoNothing();
      }
    } catch (error) {
      this.opts.logger.warn({ err: error }, 'worker heartbeat failed');
    }
  }

  private async reap(): Promise<void> {
    await this.reapDeadWorkers();
    await this.reapUnclaimedJobs();
  }

  /**
   * Fails the jobs held by workers that stopped beating, so they are retried now. Every live
   * worker reaps, often at the same moment: each claim is taken by deleting it, so exactly one
   * reaper counts its crash and fails its job (two would count two crashes for one death, and
   * the job would be given up at the crash limit).
   */
  async reapDeadWorkers(): Promise<number> {
    const { db } = this.opts.database;
    const staleBefore = new Date(Date.now() - this.opts.heartbeatSeconds * SILENT_BEATS * 1000);
    const stale = and(lt(workers.heartbeatAt, staleBefore), ne(workers.id, this.workerId));
    try {
      const dead = db.select({ id: workers.id }).from(workers).where(stale);
      const claims = await db
        .delete(jobClaims)
        .where(inArray(jobClaims.workerId, dead))
        .returning();
      for (const claim of claims) {
        await db
          .insert(jobCrashes)
          .values({ jobId: claim.jobId, crashes: 1 })
          .onConflictDoUpdate({
            target: jobCrashes.jobId,
            set: { crashes: sql`${jobCrashes.crashes} + 1`, updatedAt: new Date() },
          });
        await this.boss.fail(claim.queue, claim.jobId, {
          message: 'The worker running this job stopped; the job will be retried',
        });
      }
      const gone = await db.delete(workers).where(stale).returning({ id: workers.id });
      if (claims.length > 0 || gone.length > 0)
        this.opts.logger.warn(
          { reaped: claims.length, deadWorkers: gone.map((w) => w.id) },
          'retrying jobs of stopped workers',
        );
      return claims.length;
    } catch (error) {
      this.opts.logger.warn({ err: error }, 'reaping stopped workers failed');
      return 0;
    }
  }

  /**
   * Fails the jobs a worker took from the queue and stopped with before it could claim them
   * (killed between pg-boss's fetch and the claim): no claim names them, so without this they
   * would wait for their expiry, 15 minutes for a step. A live worker claims a job, and removes
   * the claim after running it, within milliseconds of pg-boss's own writes, so a job counts as
   * abandoned only when two reaps in a row see it taken, unclaimed and taken more than three
   * beats ago. Its crash is not counted: it never ran.
   */
  private async reapUnclaimedJobs(): Promise<void> {
    const graceSeconds = this.opts.heartbeatSeconds * SILENT_BEATS;
    try {
      const result = await this.opts.database.executeSql(
        `select j.id, j.name, j.started_on from pgboss.job j
          where j.state = 'active'
            and j.name in (select jsonb_array_elements_text($1::jsonb))
            and j.started_on < now() - $2::float8 * interval '1 second'
            and not exists (select 1 from job_claims c where c.job_id = j.id::text)`,
        [JSON.stringify([...this.queues.keys()]), graceSeconds],
      );
      const rows = (Array.isArray(result) ? result[0]!.rows : result.rows) as {
        id: string;
        name: string;
        started_on: Date | string;
      }[];
      const seen = new Map(rows.map((r) => [r.id, new Date(r.started_on).getTime()]));
      const abandoned = rows.filter((r) => this.unclaimed.get(r.id) === seen.get(r.id));
      for (const job of abandoned) {
        await this.boss.fail(job.name, job.id, {
          message: 'The worker that took this job stopped before running it; it will be retried',
        });
      }
      this.unclaimed = seen;
      if (abandoned.length > 0)
        this.opts.logger.warn(
          { jobIds: abandoned.map((j) => j.id) },
          'retrying jobs taken by stopped workers',
        );
    } catch (error) {
      this.opts.logger.warn({ err: error }, 'reaping unclaimed jobs failed');
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    if (this.working) {
      this.working = false;
      await this.opts.database.db.delete(workers).where(eq(workers.id, this.workerId));
    }
  }
}
