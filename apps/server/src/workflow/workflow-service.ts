import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { stories, workflowRuns } from '../db/schema.js';
import type { JobContext, JobEngine } from '../jobs/job-engine.js';
import { MESSAGES } from '@storyloom/core';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';

export type WorkflowRun = typeof workflowRuns.$inferSelect;

export interface StepContext {
  run: WorkflowRun;
  input: Record<string, unknown>;
  state: Record<string, unknown>;
  attempt: number;
  logger: FastifyBaseLogger;
  setProgress(percent: number): Promise<void>;
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
}

export interface WorkflowDefinition {
  kind: string;
  steps: WorkflowStep[];
  retryLimit?: number;
  expireInSeconds?: number;
  /** Called once when a run of this kind fails for good (e.g. to refund its credits). */
  onFailure?: (run: WorkflowRun) => Promise<void>;
  /** How many unfinished runs of this group one user may have (paused runs do not count). */
  quota?: RunQuota;
}

export interface RunQuota {
  group: string;
  max: number;
  message: string;
}

const STEP_QUEUE = 'workflow.step';
const RUN_CHANGED_CHANNEL = 'workflow_run_changed';
const FAILED_QUEUE = 'workflow.step.failed';

interface StepJob {
  runId: string;
  stepIndex: number;
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
    const [run] = await this.database.db
      .insert(workflowRuns)
      .values({
        id: opts.id ?? randomUUID(),
        kind: opts.kind,
        userId: opts.userId,
        storyId: opts.storyId ?? null,
        status: first.status,
        input: opts.input ?? {},
      })
      .returning();
    await this.syncStory(run!);
    await this.engine.send<StepJob>(STEP_QUEUE, { runId: run!.id, stepIndex: 0 });
    this.announce(run!.id);
    return run!;
  }

  /**
   * Refuses (429) a new run of `kind` when the user already has its quota's number of
   * unfinished runs of the same group. Call it before charging anything for the run.
   */
  async checkQuota(userId: string, kind: string): Promise<void> {
    const quota = this.definition(kind).quota;
    if (!quota) return;
    const kinds = [...this.definitions.values()]
      .filter((d) => d.quota?.group === quota.group)
      .map((d) => d.kind);
    const [row] = await this.database.db
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
    if ((row?.n ?? 0) >= quota.max) throw new HttpError(429, 'TOO_MANY_RUNS', quota.message);
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
    const [resumed] = await this.database.db
      .update(workflowRuns)
      .set({ status: step.status, updatedAt: new Date() })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'paused')))
      .returning();
    if (!resumed) throw conflict('This workflow is not paused', 'NOT_PAUSED');
    if (resumed.storyId) {
      await this.database.db
        .update(stories)
        .set({ resumedAt: new Date() })
        .where(eq(stories.id, resumed.storyId));
    }
    await this.syncStory(resumed);
    await this.engine.send<StepJob>(STEP_QUEUE, { runId, stepIndex: resumed.stepIndex });
    this.announce(runId);
    return resumed;
  }

  private async runStep(job: JobContext<StepJob>): Promise<void> {
    const run = await this.get(job.data.runId);
    if (!run || isTerminalRunStatus(run.status) || run.status === 'paused') return;
    if (run.stepIndex !== job.data.stepIndex) return; // already done by an earlier attempt
    const def = this.definition(run.kind);
    const step = def.steps[run.stepIndex]!;
    if (run.status !== step.status) await this.update(run, { status: step.status });
    let result: StepResult | void;
    try {
      result = await step.run({
        run,
        input: run.input,
        state: run.state,
        attempt: job.retryCount,
        logger: this.logger.child({ workflowRunId: run.id, step: step.name }),
        setProgress: (percent) => this.update(run, { progress: Math.round(percent) }),
      });
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
      await this.engine.send<StepJob>(STEP_QUEUE, { runId: run.id, stepIndex: nextIndex });
    }
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
      await this.syncStory(updated);
      try {
        await this.definitions.get(updated.kind)?.onFailure?.(updated);
      } catch (hookError) {
        this.logger.error({ err: hookError, workflowRunId: run.id }, 'failure hook failed');
      }
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

  /** A step whose worker died twice while running it: the run fails instead of trying again. */
  private async onStepCrashedTooOften(job: JobContext<StepJob>) {
    const run = await this.get(job.data.runId);
    if (!run || isTerminalRunStatus(run.status)) return;
    const step = this.definition(run.kind).steps[run.stepIndex];
    if (step) await this.fail(run, step, new Error(MESSAGES.limits.workCrashed));
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
