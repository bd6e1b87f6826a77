import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { jobClaims, jobCrashes, workers } from '../src/db/schema.js';
import { JobEngine } from '../src/jobs/job-engine.js';
import { DATABASES, openTestDatabase } from './helpers.js';

const QUEUE = 'test.hang';
const logger = Fastify({ logger: false }).log;

describe.each(DATABASES)('the job engine on %s', (kind) => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const open = () => openTestDatabase(kind, cleanups);

  it('counts one crash when several live workers reap a stopped one at once, so one death never fails its job', async () => {
    const database = await open();

    // A worker that takes the job and hangs in it; it then falls silent (stops beating).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => undefined as void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const engine = (heartbeatSeconds: number) => {
      const e = new JobEngine({ database, logger, heartbeatSeconds, concurrency: 1 });
      e.define({
        name: QUEUE,
        handler: () => {
          started();
          return held;
        },
      });
      cleanups.push(() => e.stop());
      return e;
    };
    const silent = engine(300);
    await silent.start({ work: true });
    cleanups.push(release);
    const jobId = await silent.send(QUEUE, {});
    await running;
    await database.db
      .update(workers)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(workers.id, silent.workerId));

    // Several live workers notice it in the same moment.
    const reapers = [engine(0.5), engine(0.5), engine(0.5)];
    for (const reaper of reapers) await reaper.start({ work: false });
    const reaped = await Promise.all(reapers.map((r) => r.reapDeadWorkers()));

    expect(reaped.reduce((a, b) => a + b)).toBe(1);
    const [crash] = await database.db.select().from(jobCrashes).where(eq(jobCrashes.jobId, jobId));
    expect(crash?.crashes).toBe(1);
    const job = await reapers[0]!.getJob(QUEUE, jobId);
    expect(job).toMatchObject({ state: 'retry' });
    expect(await database.db.select().from(jobClaims)).toEqual([]);
    expect(await database.db.select().from(workers).where(eq(workers.id, silent.workerId))).toEqual(
      [],
    );
  });

  it('registers a worker again when it was taken for stopped while it was only slow', async () => {
    const database = await open();
    const slow = new JobEngine({ database, logger, heartbeatSeconds: 0.2, concurrency: 1 });
    cleanups.push(() => slow.stop());
    await slow.start({ work: true });
    await database.db.delete(workers).where(eq(workers.id, slow.workerId));
    const registered = async () =>
      (await database.db.select().from(workers).where(eq(workers.id, slow.workerId))).length;
    for (const until = Date.now() + 10_000; (await registered()) === 0 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 100));
    expect(await registered()).toBe(1);
  });

  it('retries a job whose worker stopped between taking it and claiming it, and leaves running jobs alone', async () => {
    const database = await open();
    const runs: { data: { hold?: boolean }; retryCount: number }[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const engine = () => {
      const e = new JobEngine({ database, logger, heartbeatSeconds: 0.2, concurrency: 2 });
      e.define<{ hold?: boolean }>({
        name: QUEUE,
        handler: (job) => {
          runs.push({ data: job.data, retryCount: job.retryCount });
          return job.data.hold ? held : Promise.resolve();
        },
      });
      cleanups.push(() => e.stop());
      return e;
    };
    const sender = engine();
    await sender.start({ work: false });

    // A process takes a job from the queue and is killed before it records its claim.
    const taker = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) as never },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await taker.start();
    const abandoned = await sender.send(QUEUE, {});
    expect((await taker.fetch(QUEUE)).map((j) => j.id)).toEqual([abandoned]);
    await taker.stop({ graceful: false, wait: true });

    // A live worker holds another job for longer than the grace, claimed.
    const running = await sender.send(QUEUE, { hold: true });
    const live = engine();
    cleanups.push(release);
    await live.start({ work: true });

    // The handler runs first; pg-boss marks the job completed just after.
    const state = async (id: string) => (await sender.getJob(QUEUE, id))?.state;
    for (const until = Date.now() + 15_000; Date.now() < until;) {
      if ((await state(abandoned)) === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await state(abandoned)).toBe('completed');
    expect(runs).toEqual([
      { data: { hold: true }, retryCount: 0 },
      { data: {}, retryCount: 1 },
    ]);
    expect(await state(running)).toBe('active');
    expect(await database.db.select().from(jobCrashes)).toEqual([]);
  });
});
