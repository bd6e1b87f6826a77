import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportJobPayloadSchema,
  MESSAGES,
  renderStartResponseSchema,
  renderStatusQuerySchema,
  renderStatusSchema,
  renderVideoRequestSchema,
  workflowRunResponseSchema,
  type RenderStatus,
} from '@storyloom/core';
import { parseTimelineForRender, RenderError } from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { badRequest, notFound } from '../http/errors.js';
import { StoryRepository } from '../stories/story-repository.js';
import { isTerminalRunStatus, type WorkflowRun } from '../workflow/workflow-service.js';
import { EXPORT_WORKFLOW, RENDER_WORKFLOW } from './render-workflows.js';
import { rateLimited } from '../http/rate-limits.js';
import { TIMELINE_BODY_LIMIT } from '../http/body-guard.js';

/** The render call's status (spec 3 §7): waiting, rendering with progress, success or error. */
export function renderStatusOf(run: WorkflowRun): RenderStatus {
  if (run.status === 'completed') {
    const url = typeof run.state.url === 'string' ? run.state.url : undefined;
    return url
      ? { renderId: run.id, status: 'success', url }
      : { renderId: run.id, status: 'error', error: MESSAGES.editor.renderNoUrl };
  }
  if (isTerminalRunStatus(run.status))
    return {
      renderId: run.id,
      status: 'error',
      error: run.error || MESSAGES.editor.renderUnknownError,
    };
  return run.progress > 0
    ? { renderId: run.id, status: 'rendering', progress: Math.min(1, run.progress / 100) }
    : { renderId: run.id, status: 'waiting' };
}

/** Render calls (spec 3 §7) and the share flow's export job (spec 1 §4). */
export function renderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stories = new StoryRepository(ctx.database.db);

  r.post(
    '/api/internal/storybuilder/render_video',
    {
      ...rateLimited('workStart'),
      bodyLimit: TIMELINE_BODY_LIMIT,
      schema: {
        tags: ['render'],
        summary: 'Start rendering a timeline to MP4; poll its status with the renderId',
        body: renderVideoRequestSchema,
        response: { 200: renderStartResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      try {
        parseTimelineForRender({ tracks: req.body.tracks, mediaAssets: req.body.mediaAssets });
      } catch (error) {
        if (error instanceof RenderError) throw badRequest(error.message, error.code);
        throw error;
      }
      // Only media the user may use: the render reads nothing else either.
      await ctx.media.assertUsable(
        { tracks: req.body.tracks, mediaAssets: req.body.mediaAssets },
        user.id,
      );
      await ctx.workflows.checkQuota(user.id, RENDER_WORKFLOW);
      const run = await ctx.workflows.start({
        kind: RENDER_WORKFLOW,
        userId: user.id,
        input: req.body,
      });
      return { renderId: run.id };
    },
  );

  r.get(
    '/api/internal/storybuilder/render_video',
    {
      schema: {
        tags: ['render'],
        summary: 'Status of a render: waiting, rendering (progress 0..1), success (url) or error',
        querystring: renderStatusQuerySchema,
        response: { 200: renderStatusSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const run = /^[0-9a-f-]{36}$/.test(req.query.id)
        ? await ctx.workflows.get(req.query.id)
        : undefined;
      if (!run || run.kind !== RENDER_WORKFLOW || run.userId !== user.id) throw notFound('Render');
      return renderStatusOf(run);
    },
  );

  r.post(
    '/stories/workflow/export',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['workflows'],
        summary:
          "Export a story's timeline to MP4 (share flow); poll or stream it like every workflow",
        body: exportJobPayloadSchema,
        response: { 200: workflowRunResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const story = await stories.findById(req.body.story_id);
      if (!story || story.userId !== user.id) throw notFound();
      if (!story.videoEditorTimeline)
        throw badRequest('This story has no timeline to export yet', 'NO_TIMELINE');
      await ctx.media.assertUsable({ video_editor_timeline: story.videoEditorTimeline }, user.id);
      await ctx.workflows.checkQuota(user.id, EXPORT_WORKFLOW);
      const run = await ctx.workflows.start({
        kind: EXPORT_WORKFLOW,
        userId: user.id,
        storyId: story.id,
        input: req.body,
      });
      return { workflowRunId: run.id };
    },
  );
}
