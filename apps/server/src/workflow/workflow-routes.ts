import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  type StoryStatus,
  type WorkflowPollResponse,
  workflowResumeResponseSchema,
  workflowResumeSchema,
  workflowRunIdListSchema,
  workflowRunIdParamSchema,
  workflowStatusBodySchema,
  type WorkflowStatusMessage,
  workflowStatusResponseSchema,
  workflowStatusSseBodySchema,
  workflowStatusSseQueryParamsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser, type SessionUser } from '../auth/session.js';
import { badRequest } from '../http/errors.js';
import { StoryRepository, toStory } from '../stories/story-repository.js';
import { isTerminalRunStatus, pollStatusOf, type WorkflowRun } from './workflow-service.js';
import { rateLimited } from '../http/rate-limits.js';

/** The embedded database's safety-net read of a stream's runs. */
const POLL_MS = 5000;
const KEEPALIVE_MS = 15_000;

/** Workflow status, streaming and resume (spec 1 §4 and §7). */
export function workflowRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storiesRepo = new StoryRepository(ctx.database.db);
  const tags = ['workflows'];

  /** The caller's runs among the ids; a run of someone else's is treated as unknown. */
  async function ownRuns(user: SessionUser, ids: string[]) {
    const runs = await ctx.workflows.getMany(ids);
    return runs.filter((run) => run.userId === user.id);
  }

  async function messageFor(run: WorkflowRun): Promise<WorkflowStatusMessage> {
    const row = run.storyId ? await storiesRepo.findByIdIncludingDeleted(run.storyId) : undefined;
    return {
      workflowRunId: run.id,
      status: run.status as StoryStatus,
      ...(row ? { story: toStory(row) } : {}),
      ...(run.error ? { error: run.error } : {}),
      progress: Math.min(100, Math.max(0, run.progress)),
    };
  }

  r.post(
    '/stories/workflow/status',
    {
      schema: {
        tags,
        summary: 'Poll workflow runs (RUN_SUCCESS, RUN_FAILED, RUN_CANCELED or RUN_RUNNING)',
        body: workflowStatusBodySchema,
        response: { 200: workflowStatusResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const ids = parseIds(req.body.workflowRunIds, MESSAGES.workflow.invalidIds);
      const runs = await ownRuns(user, ids);
      if (runs.length !== ids.length)
        throw badRequest(MESSAGES.workflow.invalidIds, 'INVALID_WORKFLOW_IDS');
      const byId = new Map<string, WorkflowPollResponse>();
      for (const run of runs) {
        const message = await messageFor(run);
        const status = pollStatusOf(run.status);
        byId.set(run.id, {
          status,
          output: {
            success: status === 'RUN_SUCCESS',
            ...(message.story ? { story: message.story } : {}),
            ...(status === 'RUN_SUCCESS' && typeof run.state.url === 'string'
              ? { url: run.state.url }
              : {}),
            ...(run.error ? { error: run.error } : {}),
          },
          ...(run.error ? { error: run.error } : {}),
        });
      }
      // One id: that run's status; several: a map keyed by id.
      return ids.length === 1 ? byId.get(ids[0]!)! : Object.fromEntries(byId);
    },
  );

  r.get(
    '/stories/workflow/status_sse',
    {
      schema: {
        tags,
        summary: 'Stream the status messages of one run (text/event-stream)',
        querystring: workflowStatusSseQueryParamsSchema,
      },
    },
    async (req, reply) => {
      const user = await requireUser(ctx.auth, req);
      const parsed = workflowRunIdParamSchema.safeParse(req.query.workflowRunId);
      if (!parsed.success) throw badRequest(MESSAGES.workflow.invalidId, 'INVALID_WORKFLOW_ID');
      const runs = await ownRuns(user, [parsed.data]);
      if (runs.length !== 1) throw badRequest(MESSAGES.workflow.invalidId, 'INVALID_WORKFLOW_ID');
      stream(req, reply, [parsed.data]);
    },
  );

  r.post(
    '/stories/workflow/status_sse',
    {
      schema: {
        tags,
        summary: 'Stream the status messages of several runs (text/event-stream)',
        body: workflowStatusSseBodySchema,
      },
    },
    async (req, reply) => {
      const user = await requireUser(ctx.auth, req);
      const raw = req.body.workflowRunIds;
      if (!Array.isArray(raw) || raw.length === 0) {
        throw badRequest(MESSAGES.workflow.invalidIds, 'INVALID_WORKFLOW_IDS');
      }
      const ids = parseIds(raw, MESSAGES.workflow.invalidIds);
      if ((await ownRuns(user, ids)).length !== ids.length) {
        throw badRequest(MESSAGES.workflow.invalidIds, 'INVALID_WORKFLOW_IDS');
      }
      stream(req, reply, ids);
    },
  );

  r.post(
    '/stories/workflow/resume',
    {
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Resume a paused workflow run (a paused preview)',
        body: workflowResumeSchema,
        response: { 200: workflowResumeResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const run = await ctx.workflows.resume(req.body.workflowRunId, user.id);
      return { workflowRunId: run.id, status: run.status };
    },
  );

  /**
   * Sends a message whenever a run changes — announced by this process, or by another one
   * through PostgreSQL's LISTEN/NOTIFY — and ends once every run has finished and its last
   * message has gone out. Only the embedded database, which has no NOTIFY across processes
   * (and needs none: it has one process), also reads the runs now and then as a safety net.
   */
  function stream(req: FastifyRequest, reply: FastifyReply, ids: string[]) {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const lastSent = new Map<string, string>();
    const active = new Set(ids);
    let closed = false;
    let busy = false;
    let again = false;

    const send = async () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          const runs = await ctx.workflows.getMany([...active]);
          for (const run of runs) {
            const fingerprint = `${run.status}|${run.progress}|${run.updatedAt.getTime()}`;
            if (lastSent.get(run.id) === fingerprint) continue;
            lastSent.set(run.id, fingerprint);
            const message = await messageFor(run);
            if (closed || !isSendable(message)) continue;
            res.write(`data: ${JSON.stringify(message)}\n\n`);
            if (isTerminalRunStatus(run.status)) active.delete(run.id);
          }
        } while (again && !closed);
        if (active.size === 0) close();
      } catch (error) {
        req.log.warn({ err: error }, 'status stream failed');
        close();
      } finally {
        busy = false;
      }
    };
    const onChange = (changedId: string) => {
      if (active.has(changedId)) void send();
    };
    const onResync = () => void send();
    const poll =
      ctx.database.kind === 'pglite' ? setInterval(() => void send(), POLL_MS) : undefined;
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(poll);
      clearInterval(keepAlive);
      ctx.workflows.events.off('change', onChange);
      ctx.workflows.events.off('resync', onResync);
      res.end();
    }
    ctx.workflows.events.on('change', onChange);
    ctx.workflows.events.on('resync', onResync);
    reply.raw.on('close', close);
    void send();
  }
}

function parseIds(raw: unknown[], message: string): string[] {
  const ids = workflowRunIdListSchema.safeParse(raw);
  if (!ids.success) throw badRequest(message, 'INVALID_WORKFLOW_IDS');
  return [...new Set(ids.data)];
}

/** A stream never carries an empty message or one without its run id and status (spec 1 §4). */
export function isSendable(message: Partial<WorkflowStatusMessage> | null | undefined): boolean {
  return Boolean(message && message.workflowRunId && message.status);
}
