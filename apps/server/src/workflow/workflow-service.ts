import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, avg, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { stories, workflowParts, workflowRuns } from '../db/schema.js';
import {
  BACKGROUND_PRIORITY,
  MAX_JOB_CRASHES,
  type JobContext,
  type JobEngine,
} from '../jobs/job-engine.js';
import { MESSAGES } from '@storyloom/core';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';

export type WorkflowRun = typeof workflowRuns.$inferSelect;

export interface StepContext {
  run: WorkflowRun;
  input: Record<string, unknown>;
  state: Record<string, unknown>;
  attempt: number;
  /**
   * When a worker started this attempt of the step (or part): time spent waiting in the queue
   * before it is not part of any budget the step keeps.
   */
  startedAt: Date;
  logger: FastifyBaseLogger;
  setProgress(percent: number): Promise<void>;
  /** For a step with parts: each part's result, in order, once all are done. */
  parts?: Record<string, unknown>[];
}

export interface PartContext extends Omit<StepContext, 'parts'> {
  index: number;
  count: number;
}

/**
 * A step split into parts that run as jobs of their own, in parallel on any workers. Each
 * part's result is saved as soon as it is done; a part that fails or whose worker dies is
 * retried alone. When every part is done, the step's `run` gathers their results.
 */
export interface StepParts {
  count(ctx: StepContext): Promise<number> | number;
  /** Must be idempotent, like a step. Its result must be JSON. */
  run(ctx: PartContext): Promise<Record<string, unknown>>;
}

export interface StepResult {
  /** Stop after this step until the run is resumed (used by previews). */
  pause?: boolean;
  /** Merged into the run's state, for later steps. */
  state?: Record<string, unknown>;
}

export interface WorkflowStep {
  name: string;
  /** The status the run and its story show while this step runs, e.g. processing:generating_images. */
  status: string;
  /** The stage a failure of this step reports, as in failed:{stage}. */
  failureStage: string;
  /** Must be idempotent: a step can run again after a crash or a retry. */
  run(ctx: StepContext): Promise<StepResult | void>;
  parts?: StepParts;
}

export interface WorkflowDefinition {
  kind: string;
  steps: WorkflowStep[];
  retryLimit?: number;
  expireInSeconds?: number;
  /** Called once when a run of this kind fails for good (e.g. to refund its credits). */
  onFailure?: (run: WorkflowRun) => Promise<void>;
  /**
   * Called when a paused run is resumed, inside the transaction that resumes it (e.g. to charge
   * a preview's continuation): throwing refuses the resume and leaves the run paused.
   */
  onResume?: (run: WorkflowRun, tx: Db) => Promise<void>;
  /** How many unfinished runs of this group one user may have (paused runs do not count). */
  quota?: RunQuota;
  /**
   * The server's own work (seeding examples): its jobs are served after every user's waiting
   * jobs, and a run that fails for good is started again after a growing pause (see
   * `backgroundRestartDelaySeconds`), so it never fails for good and never starves a user.
   */
  background?: boolean;
}

export interface RunQuota {
  group: string;
  max: number;
  message: string;
}

const STEP_QUEUE = 'workflow.step';
const RUN_CHANGED_CHANNEL = 'workflow_run_changed';
const FAILED_QUEUE = 'workflow.step.failed';
const PART_QUEUE = 'workflow.part';
const PART_FAILED_QUEUE = 'workflow.part.failed';
const RESTART_QUEUE = 'workflow.restart';

/** Runs of a background workflow started for one story, at most (about a day of attempts). */
export const BACKGROUND_RUN_ATTEMPTS = 30;

/**
 * The pause before a failed background run is started again: `firstSeconds` (30 s by default)
 * after the first failure, doubling up to an hour, so `BACKGROUND_RUN_ATTEMPTS` runs span
 * about a day.
 */
export function backgroundRestartDelaySeconds(failedRuns: number, firstSeconds = 30): number {
  return Math.min(firstSeconds * 2 ** Math.min(20, Math.max(0, failedRuns - 1)), 3600);
}

interface RestartJob {
  runId: string;
}

interface StepJob {
  runId: string;
  stepIndex: number;
}

interface PartJob extends StepJob {
  partIndex: number;
}

export const isTerminalRunStatus = (status: string) =>
  status === 'completed' || status === 'canceled' || status.startsWith('failed');

/**
 * Runs workflows as a chain of jobs, one per step. The run row is the source of truth: a step's
 * completion advances `step_index` with a conditional update, so a step that runs twice (after
 * a crash) cannot advance the run twice. Every status change is announced on `events` (this
 * process) and readable from the table (any process).
 */
export class WorkflowService {
  readonly events = new EventEmitter();
  private readonly definitions = new Map<string, WorkflowDefinition>();

  constructor(
    private readonly database: Database,
    private readonly engine: JobEngine,
    private readonly logger: FastifyBaseLogger,
    private readonly options: { backgroundRetrySeconds?: number } = {},
  ) {
    this.events.setMaxListeners(0);
    engine.define<StepJob>({ name: FAILED_QUEUE, handler: (job) => this.onStepFailedForGood(job) });
    engine.define<StepJob>({
      name: STEP_QUEUE,
      handler: (job) => this.runStep(job),
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 15 * 60,
      deadLetter: FAILED_QUEUE,
      onCrashLimit: (job) => this.onStepCrashedTooOften(job),
    });
    engine.define<RestartJob>({ name: RESTART_QUEUE, handler: (job) => this.restart(job) });
    engine.define<PartJob>({
      name: PART_FAILED_QUEUE,
      handler: (job) => this.onStepFailedForGood(job),
    });
    engine.define<PartJob>({
      name: PART_QUEUE,
      handler: (job) => this.runPart(job),
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 15 * 60,
      deadLetter: PART_FAILED_QUEUE,
      onCrashLimit: (job) => this.onStepCrashedTooOften(job),
    });
  }

  private readonly finishedHooks: ((run: WorkflowRun) => Promise<void>)[] = [];

  /** Calls `hook` once per run that completes or fails for good (webhooks' events). */
  onRunFinished(hook: (run: WorkflowRun) => Promise<void>): void {
    this.finishedHooks.push(hook);
  }

  private async finished(run: WorkflowRun) {
    for (const hook of this.finishedHooks)
      await hook(run).catch((error: unknown) =>
        this.logger.error({ err: error, workflowRunId: run.id }, 'run finished hook failed'),
      );
  }

  register(definition: WorkflowDefinition): void {
    if (definition.steps.length === 0) throw new Error(`Workflow ${definition.kind} has no steps`);
    this.definitions.set(definition.kind, definition);
  }

  private definition(kind: string): WorkflowDefinition {
    const def = this.definitions.get(kind);
    if (!def) throw new Error(`Unknown workflow kind ${kind}`);
    return def;
  }

  async start(opts: {
    /** The run id, when the caller needs it before the run starts (e.g. to charge credits). */
    id?: string;
    kind: string;
    userId: string | null;
    storyId?: string | null;
    input?: Record<string, unknown>;
  }): Promise<WorkflowRun> {
    const def = this.definition(opts.kind);
    const first = def.steps[0]!;
    const values = {
      id: opts.id ?? randomUUID(),
      kind: opts.kind,
      userId: opts.userId,
      storyId: opts.storyId ?? null,
      status: first.status,
      input: opts.input ?? {},
    };
    const userId = opts.userId;
    const quota = def.quota;
    const [run] =
      quota && userId
        ? // Counting and inserting under one per-user lock, so runs started at the same moment
          // cannot all pass the count.
          await this.database.db.transaction(async (tx) => {
            await tx.execute(
              sql`select pg_advisory_xact_lock(hashtext(${`quota:${quota.group}:${userId}`}))`,
            );
            if ((await this.unfinishedRuns(tx, userId, quota.group)) >= quota.max) {
              throw new HttpError(429, 'TOO_MANY_RUNS', quota.message);
            }
            return tx.insert(workflowRuns).values(values).returning();
          })
        : await this.database.db.insert(workflowRuns).values(values).returning();
    await this.syncStory(run!);
    await this.sendJob(run!, STEP_QUEUE, { runId: run!.id, stepIndex: 0 });
    this.announce(run!.id);
    return run!;
  }

  /**
   * Runs `write` only while `run` is still at the step it was read at, holding the run's row so
   * the step cannot move on meanwhile. A step may run twice at once (two parts finishing
   * together); the attempt that loses must not write over what later steps made.
   */
  async whileAtStep(run: WorkflowRun, write: (tx: Db) => Promise<void>): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: workflowRuns.id })
        .from(workflowRuns)
        .where(
          and(
            eq(workflowRuns.id, run.id),
            eq(workflowRuns.stepIndex, run.stepIndex),
            isNull(workflowRuns.finishedAt),
          ),
        )
        .for('share');
      if (!current) return false;
      await write(tx);
      return true;
    });
  }

  /**
   * Refuses (429) a new run of `kind` when the user already has its quota's number of
   * unfinished runs of the same group. Call it before charging anything for the run.
   */
  async checkQuota(userId: string, kind: string): Promise<void> {
    const quota = this.definition(kind).quota;
    if (!quota) return;
    if ((await this.unfinishedRuns(this.database.db, userId, quota.group)) >= quota.max) {
      throw new HttpError(429, 'TOO_MANY_RUNS', quota.message);
    }
  }

  /** How many runs of a quota group the user has that are neither finished nor paused. */
  private async unfinishedRuns(
    db: Pick<Database['db'], 'select'>,
    userId: string,
    group: string,
  ): Promise<number> {
    const kinds = [...this.definitions.values()]
      .filter((d) => d.quota?.group === group)
      .map((d) => d.kind);
    const [row] = await db
      .select({ n: count() })
      .from(workflowRuns)
      .where(
        and(
          eq(workflowRuns.userId, userId),
          inArray(workflowRuns.kind, kinds),
          isNull(workflowRuns.finishedAt),
          ne(workflowRuns.status, 'paused'),
        ),
      );
    return row?.n ?? 0;
  }

  async get(runId: string): Promise<WorkflowRun | undefined> {
    const [run] = await this.database.db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.id, runId));
    return run;
  }

  async getMany(runIds: string[]): Promise<WorkflowRun[]> {
    if (runIds.length === 0) return [];
    return this.database.db.select().from(workflowRuns).where(inArray(workflowRuns.id, runIds));
  }

  /** Continues a paused run with its next step. */
  async resume(runId: string, userId: string): Promise<WorkflowRun> {
    const run = await this.get(runId);
    if (!run || run.userId !== userId) throw notFound('Workflow');
    if (run.status !== 'paused') throw conflict('This workflow is not paused', 'NOT_PAUSED');
    await this.checkQuota(userId, run.kind);
    const def = this.definition(run.kind);
    const step = def.steps[run.stepIndex];
    if (!step) throw badRequest('This workflow has no step left to run');
    // The status change and what the run charges for going on commit together: a second
    // resume waits for the first and finds the run no longer paused.
    const resumed = await this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(workflowRuns)
        .set({ status: step.status, updatedAt: new Date() })
        .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'paused')))
        .returning();
      if (!row) throw conflict('This workflow is not paused', 'NOT_PAUSED');
      await def.onResume?.(row, tx);
      return row;
    });
    if (resumed.storyId) {
      await this.database.db
        .update(stories)
        .set({ resumedAt: new Date() })
        .where(eq(stories.id, resumed.storyId));
    }
    await this.syncStory(resumed);
    await this.sendJob(resumed, STEP_QUEUE, { runId, stepIndex: resumed.stepIndex });
    this.announce(runId);
    return resumed;
  }

  /**
   * Queues a step or part of a run: users are served in turn (the engine orders each user's
   * waiting jobs after other users' earlier ones), background runs after all of them.
   */
  private async sendJob<T extends StepJob>(run: WorkflowRun, queue: string, data: T) {
    const background = this.definitions.get(run.kind)?.background;
    return this.engine.send<T>(queue, data, {
      owner: run.userId,
      priority: background ? BACKGROUND_PRIORITY : 0,
    });
  }

  /**
   * A background run that failed for good is started again (a new run of the same story and
   * input) after a pause growing with each failure, up to `BACKGROUND_RUN_ATTEMPTS` runs.
   */
  private async scheduleRestart(run: WorkflowRun): Promise<boolean> {
    if (!run.storyId) return false;
    const [row] = await this.database.db
      .select({ n: count() })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.storyId, run.storyId), eq(workflowRuns.kind, run.kind)));
    const failedRuns = row?.n ?? 0;
    if (failedRuns >= BACKGROUND_RUN_ATTEMPTS) {
      this.logger.error(
        { workflowRunId: run.id, kind: run.kind, runs: failedRuns },
        'background work failed every attempt; it is not tried again',
      );
      return false;
    }
    const delay = backgroundRestartDelaySeconds(failedRuns, this.options.backgroundRetrySeconds);
    this.logger.warn(
      { workflowRunId: run.id, kind: run.kind, runs: failedRuns, retryInSeconds: delay },
      'background work failed; it will be tried again',
    );
    await this.engine.send<RestartJob>(
      RESTART_QUEUE,
      { runId: run.id },
      { startAfterSeconds: delay, priority: BACKGROUND_PRIORITY },
    );
    return true;
  }

  /** Starts a failed background run again, unless its story has moved on or is gone. */
  private async restart(job: JobContext<RestartJob>): Promise<void> {
    const failed = await this.get(job.data.runId);
    if (!failed?.storyId || !failed.status.startsWith('failed')) return;
    const [story] = await this.database.db
      .select({ runId: stories.workflowRunId, deletedAt: stories.deletedAt })
      .from(stories)
      .where(eq(stories.id, failed.storyId));
    if (!story || story.deletedAt || story.runId !== failed.id) return;
    await this.start({
      kind: failed.kind,
      userId: failed.userId,
      storyId: failed.storyId,
      input: failed.input,
    });
  }

  private async runStep(job: JobContext<StepJob>): Promise<void> {
    const run = await this.get(job.data.runId);
    if (!run || isTerminalRunStatus(run.status) || run.status === 'paused') return;
    if (run.stepIndex !== job.data.stepIndex) return; // already done by an earlier attempt
    const def = this.definition(run.kind);
    const step = def.steps[run.stepIndex]!;
    if (run.status !== step.status) await this.update(run, { status: step.status });
    const ctx: StepContext = {
      run,
      input: run.input,
      state: run.state,
      attempt: job.retryCount,
      startedAt: new Date(),
      logger: this.logger.child({ workflowRunId: run.id, step: step.name }),
      setProgress: (percent) => this.update(run, { progress: Math.round(percent) }),
    };
    let result: StepResult | void;
    try {
      if (step.parts) {
        const results = await this.spreadParts(run, step.parts, ctx);
        if (!results) return; // parts are running; the last one to finish gathers them
        ctx.parts = results;
      }
      result = await step.run(ctx);
    } catch (error) {
      this.logger.warn(
        { err: error, workflowRunId: run.id, step: step.name },
        'workflow step failed',
      );
      if (job.isLastAttempt) {
        await this.fail(run, step, error);
        return;
      }
      throw error;
    }
    await this.advance(run, def, result ?? {});
  }

  /**
   * The results of a step's parts when all are done; otherwise creates the missing parts (once)
   * and sends a job for each unfinished one, returning null.
   */
  private async spreadParts(
    run: WorkflowRun,
    parts: StepParts,
    ctx: StepContext,
  ): Promise<Record<string, unknown>[] | null> {
    const { db } = this.database;
    let rows = await this.partsOf(run.id, run.stepIndex);
    if (rows.length === 0) {
      const count = await parts.count(ctx);
      if (count < 1) throw new Error('A step with parts needs at least one part');
      await db
        .insert(workflowParts)
        .values(
          Array.from({ length: count }, (_, partIndex) => ({
            runId: run.id,
            stepIndex: run.stepIndex,
            partIndex,
          })),
        )
        .onConflictDoNothing();
      rows = await this.partsOf(run.id, run.stepIndex);
    }
    const pending = rows.filter((row) => row.status !== 'done');
    if (pending.length === 0) return rows.map((row) => row.result ?? {});
    for (const row of pending) {
      await this.sendJob<PartJob>(run, PART_QUEUE, {
        runId: run.id,
        stepIndex: run.stepIndex,
        partIndex: row.partIndex,
      });
    }
    return null;
  }

  private partsOf(runId: string, stepIndex: number) {
    return this.database.db
      .select()
      .from(workflowParts)
      .where(and(eq(workflowParts.runId, runId), eq(workflowParts.stepIndex, stepIndex)))
      .orderBy(workflowParts.partIndex);
  }

  /** The parts of a step, for tests and tools: which worker finished each and its result. */
  parts(runId: string, stepIndex: number) {
    return this.partsOf(runId, stepIndex);
  }

  private async runPart(job: JobContext<PartJob>): Promise<void> {
    const { runId, stepIndex, partIndex } = job.data;
    const run = await this.get(runId);
    if (!run || isTerminalRunStatus(run.status) || run.stepIndex !== stepIndex) return;
    const step = this.definition(run.kind).steps[stepIndex];
    if (!step?.parts) return;
    const rows = await this.partsOf(runId, stepIndex);
    const row = rows.find((r) => r.partIndex === partIndex);
    if (!row) return;
    const { db } = this.database;
    const where = and(
      eq(workflowParts.runId, runId),
      eq(workflowParts.stepIndex, stepIndex),
      eq(workflowParts.partIndex, partIndex),
    );
    if (row.status !== 'done') {
      await db
        .update(workflowParts)
        .set({
          status: 'running',
          workerId: this.engine.workerId,
          attempts: sql`${workflowParts.attempts} + 1`,
          updatedAt: new Date(),
        })
        .where(and(where, ne(workflowParts.status, 'done')));
      let result: Record<string, unknown>;
      try {
        result = await step.parts.run({
          run,
          input: run.input,
          state: run.state,
          attempt: job.retryCount,
          startedAt: new Date(),
          logger: this.logger.child({ workflowRunId: run.id, step: step.name, part: partIndex }),
          index: partIndex,
          count: rows.length,
          setProgress: (percent) => this.setPartProgress(run, stepIndex, partIndex, percent),
        });
      } catch (error) {
        this.logger.warn({ err: error, workflowRunId: run.id, part: partIndex }, 'part failed');
        if (job.isLastAttempt) await this.fail(run, step, error);
        else throw error;
        return;
      }
      await db
        .update(workflowParts)
        .set({
          status: 'done',
          result,
          workerId: this.engine.workerId,
          progress: 100,
          updatedAt: new Date(),
        })
        .where(and(where, ne(workflowParts.status, 'done')));
      await this.setPartProgress(run, stepIndex, partIndex, 100);
    }
    // The part that finds every part done sends the step on to gather them. Two parts that
    // finish at once may both send it; the step then runs twice, which steps allow.
    const [left] = await db
      .select({ n: count() })
      .from(workflowParts)
      .where(
        and(
          eq(workflowParts.runId, runId),
          eq(workflowParts.stepIndex, stepIndex),
          ne(workflowParts.status, 'done'),
        ),
      );
    if ((left?.n ?? 0) === 0) await this.sendJob(run, STEP_QUEUE, { runId, stepIndex });
  }

  /** A part's progress; the run shows the mean over its parts, up to 95 %. */
  private async setPartProgress(
    run: WorkflowRun,
    stepIndex: number,
    partIndex: number,
    percent: number,
  ) {
    const { db } = this.database;
    await db
      .update(workflowParts)
      .set({ progress: Math.round(percent), updatedAt: new Date() })
      .where(
        and(
          eq(workflowParts.runId, run.id),
          eq(workflowParts.stepIndex, stepIndex),
          eq(workflowParts.partIndex, partIndex),
        ),
      );
    const [mean] = await db
      .select({ progress: avg(workflowParts.progress) })
      .from(workflowParts)
      .where(and(eq(workflowParts.runId, run.id), eq(workflowParts.stepIndex, stepIndex)));
    // The parts are most of the step; gathering them is the last bit.
    await this.update(run, { progress: Math.round(Number(mean?.progress ?? 0) * 0.95) });
  }

  private async advance(run: WorkflowRun, def: WorkflowDefinition, result: StepResult) {
    const nextIndex = run.stepIndex + 1;
    const next = def.steps[nextIndex];
    const status = result.pause && next ? 'paused' : next ? next.status : 'completed';
    const [updated] = await this.database.db
      .update(workflowRuns)
      .set({
        stepIndex: nextIndex,
        status,
        state: { ...run.state, ...result.state },
        updatedAt: new Date(),
        ...(next ? {} : { finishedAt: new Date(), progress: 100 }),
      })
      .where(and(eq(workflowRuns.id, run.id), eq(workflowRuns.stepIndex, run.stepIndex)))
      .returning();
    if (!updated) return; // another attempt advanced it first
    if (status === 'paused' && updated.storyId) {
      await this.database.db
        .update(stories)
        .set({ pausedAt: new Date() })
        .where(eq(stories.id, updated.storyId));
    }
    await this.syncStory(updated);
    if (next && status !== 'paused') {
      await this.sendJob(run, STEP_QUEUE, { runId: run.id, stepIndex: nextIndex });
    }
    if (!next) await this.finished(updated);
    this.announce(run.id);
  }

  private async fail(run: WorkflowRun, step: WorkflowStep, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const [updated] = await this.database.db
      .update(workflowRuns)
      .set({
        status: `failed:${step.failureStage}`,
        error: message,
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(and(eq(workflowRuns.id, run.id), sql`${workflowRuns.finishedAt} is null`))
      .returning();
    if (updated) {
      const def = this.definitions.get(updated.kind);
      const restarting = def?.background ? await this.scheduleRestart(updated) : false;
      // A story whose background run will be started again shows it waiting, not failed.
      await this.syncStory(restarting ? { ...updated, status: def!.steps[0]!.status } : updated);
      try {
        await this.definitions.get(updated.kind)?.onFailure?.(updated);
      } catch (hookError) {
        this.logger.error({ err: hookError, workflowRunId: run.id }, 'failure hook failed');
      }
      if (!restarting) await this.finished(updated);
      this.announce(run.id);
    }
  }

  /** A step job that failed for good without its handler recording it (e.g. its worker died). */
  private async onStepFailedForGood(job: JobContext<StepJob>) {
    const run = await this.get(job.data.runId);
    if (!run || isTerminalRunStatus(run.status)) return;
    const step = this.definition(run.kind).steps[run.stepIndex];
    if (step) await this.fail(run, step, new Error('The step failed after every retry'));
  }

  /** A step whose worker died `MAX_JOB_CRASHES` times running it: the run fails, not tried again. */
  private async onStepCrashedTooOften(job: JobContext<StepJob>) {
    const run = await this.get(job.data.runId);
    if (!run || isTerminalRunStatus(run.status)) return;
    const step = this.definition(run.kind).steps[run.stepIndex];
    if (step)
      await this.fail(run, step, new Error(MESSAGES.limits.workCrashedTooOften(MAX_JOB_CRASHES)));
  }

  private async update(run: WorkflowRun, set: Partial<Pick<WorkflowRun, 'status' | 'progress'>>) {
    await this.database.db
      .update(workflowRuns)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(workflowRuns.id, run.id));
    if (set.status) await this.syncStory({ ...run, status: set.status });
    this.announce(run.id);
  }

  /** The story shows the status of its latest run. */
  private async syncStory(run: WorkflowRun) {
    if (!run.storyId) return;
    await this.database.db
      .update(stories)
      .set({ status: run.status, workflowRunId: run.id, updatedAt: new Date() })
      .where(eq(stories.id, run.storyId));
  }

  /**
   * Tells this process's status streams at once, and other processes through PostgreSQL's
   * NOTIFY (their `listen` hands it to their own streams).
   */
  private announce(runId: string) {
    this.events.emit('change', runId);
    if (this.database.listen) {
      this.database
        .executeSql(`select pg_notify('${RUN_CHANGED_CHANNEL}', $1)`, [runId])
        .catch((error: unknown) => this.logger.warn({ err: error }, 'run change not announced'));
    }
  }

  /**
   * Hears the runs other processes change (PostgreSQL), announcing them on `events`; after a
   * broken connection, `events` gets 'resync' so streams read their runs again.
   */
  async listenToOtherProcesses(): Promise<() => Promise<void>> {
    if (!this.database.listen) return () => Promise.resolve();
    return this.database.listen(
      RUN_CHANGED_CHANNEL,
      (runId) => this.events.emit('change', runId),
      () => this.events.emit('resync'),
    );
  }
}

/** The polling variant of a run's status (spec 1 §4). */
export function pollStatusOf(
  status: string,
): 'RUN_SUCCESS' | 'RUN_FAILED' | 'RUN_CANCELED' | 'RUN_RUNNING' {
  if (status === 'completed') return 'RUN_SUCCESS';
  if (status === 'canceled') return 'RUN_CANCELED';
  if (status.startsWith('failed')) return 'RUN_FAILED';
  return 'RUN_RUNNING';
}
