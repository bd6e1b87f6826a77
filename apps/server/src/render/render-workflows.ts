import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  aspectRatioSchema,
  DEFAULT_ASPECT_RATIO,
  exportJobPayloadSchema,
  LIMITS,
  MESSAGES,
  OUTPUT_SIZES,
  RENDER_TIMEOUT_MS,
  renderVideoRequestSchema,
  storyAspectRatio as storyAspectRatioOf,
  storyOutputSettings,
  type RenderVideoRequest,
  type StorySizeSource,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { StoryRepository, type NewStory } from '../stories/story-repository.js';
import type {
  RunQuota,
  StepContext,
  StepResult,
  WorkflowDefinition,
  WorkflowStep,
} from '../workflow/workflow-service.js';
import { RenderService, type RenderJob, type RenderOutput } from './render-service.js';

export const RENDER_WORKFLOW = 'render.video';
export const EXPORT_WORKFLOW = 'story.export';

/**
 * Output size of a render: an explicit width×height of a render call (even, within bounds),
 * else core's rule for the story (`storyOutputSettings`) — the one rule of the player canvas,
 * the editor's export and the share export.
 */
export function renderOutputSize(
  story: StorySizeSource,
  explicit: { width?: number | undefined; height?: number | undefined } = {},
) {
  const even = (v: number) => Math.max(2, Math.floor(Math.min(LIMITS.outputSide, v) / 2) * 2);
  if (explicit.width && explicit.height)
    return { width: even(explicit.width), height: even(explicit.height) };
  const { width, height } = storyOutputSettings(story);
  return { width, height };
}

/**
 * The timeline a render call draws: its tracks and media with its whole globalConfig when the
 * call sends one (as the editor's timeline holds it), else one built from the call's
 * watermarkConfig and configFromStory.
 */
export function renderCallTimeline(request: RenderVideoRequest) {
  const config = request.configFromStory ?? {};
  return {
    tracks: request.tracks,
    mediaAssets: request.mediaAssets,
    globalConfig: request.globalConfig ?? {
      ...(config.fps ? { fps: config.fps } : {}),
      watermark: request.watermarkConfig,
      captions: { enabled: config.captions?.enabled ?? true },
    },
  };
}

/**
 * Output size of a render call: its width×height; else its aspect ratio; else the ratio its
 * globalConfig chose; else, when it names the user's story, the story's size (core's rule, as
 * the story's export); else the shape of its media.
 */
export function renderCallOutput(request: RenderVideoRequest, story: StorySizeSource | null) {
  const config = request.configFromStory ?? {};
  const asked = aspectRatioSchema.safeParse(config.aspectRatio);
  const timeline = asked.success
    ? { globalConfig: { aspectRatio: asked.data } }
    : request.globalConfig?.aspectRatio || !story
      ? renderCallTimeline(request)
      : story.timeline;
  return renderOutputSize({ ...story, timeline }, config);
}

/**
 * Shares progress with the run at most every 5 percent (each report writes the run row);
 * `flush` waits for the last write, so none lands after the step has finished.
 */
function progressReporter(step: Pick<StepContext, 'setProgress'>) {
  let last = -Infinity;
  let pending = Promise.resolve();
  const report = (percent: number) => {
    if (percent - last < 5 || percent >= 100) return;
    last = percent;
    pending = pending.then(() => step.setProgress(percent)).catch(() => undefined);
  };
  return Object.assign(report, { flush: () => pending });
}

/**
 * A signal that fires when the 10-minute render budget (spec 3 §9) of one piece of a render (a
 * segment, or the join) runs out, counted from when a worker started it. A render queued behind
 * other work is not a slow render: time in the queue never counts, so a busy machine delays
 * renders but does not fail them. The budget stops a stuck ffmpeg; each attempt has its own,
 * and the queue's retry limit bounds the attempts.
 */
export function renderDeadline(step: Pick<StepContext, 'startedAt'>): AbortSignal {
  const remaining = step.startedAt.getTime() + RENDER_TIMEOUT_MS - Date.now();
  if (remaining <= 0) throw new Error(MESSAGES.editor.renderTimeout);
  return AbortSignal.timeout(remaining);
}

/** A stored story as core's size rule reads it. */
export function storySizeSource(story: {
  categoryInputs: Record<string, unknown>;
  metadata: Record<string, unknown>;
  videoEditorTimeline: Record<string, unknown> | null;
}): StorySizeSource {
  return {
    categoryInputs: story.categoryInputs,
    metadata: story.metadata,
    timeline: story.videoEditorTimeline,
  };
}

/** What an export's snapshot step keeps for its parts: the timeline and its output size. */
const exportSnapshotSchema = z.object({
  timeline: z.unknown(),
  output: z
    .object({ width: z.number().int().positive(), height: z.number().int().positive() })
    .optional(),
  aspectRatio: aspectRatioSchema.optional(),
});

/** The aspect ratio a stored story is made and exported at (core's rule). */
export function storyAspectRatio(story: Parameters<typeof storySizeSource>[0]) {
  return storyAspectRatioOf(storySizeSource(story));
}

/** Renders and exports a user may have going at once (ours). */
const RENDER_QUOTA: RunQuota = {
  group: 'render',
  max: LIMITS.concurrentRenders,
  message: MESSAGES.limits.tooManyRenders(LIMITS.concurrentRenders),
};

/** What a part of a spread render left in the run (see RenderService.renderPart). */
const renderedPartSchema = z.object({
  key: z.string().min(1),
  soundKey: z.string().min(1).optional(),
});

/**
 * A render step spread over the workers: the timeline is cut into segments, each rendered as
 * a part by whichever worker is free (a part whose worker dies is redone alone), then one
 * worker joins them with the sound the first part made meanwhile and stores the video. `job` must give the same render
 * for the parts and the gathering step.
 */
function spreadRender(
  service: RenderService,
  job: (
    step: StepContext,
  ) => Promise<Omit<RenderJob, 'signal' | 'onProgress'>> | Omit<RenderJob, 'signal' | 'onProgress'>,
  done: (step: StepContext, output: RenderOutput) => Promise<StepResult> | StepResult,
): Pick<WorkflowStep, 'parts' | 'run'> {
  return {
    parts: {
      count: async (step) => service.partCount(await job(step)),
      async run(part) {
        const onProgress = progressReporter(part);
        const result = await service.renderPart(
          { ...(await job(part)), signal: renderDeadline(part), onProgress },
          part.index,
        );
        await onProgress.flush();
        return result;
      },
    },
    async run(step) {
      const parts = (step.parts ?? []).map((part) => renderedPartSchema.parse(part));
      const output = await service.assemble(
        { ...(await job(step)), signal: renderDeadline(step) },
        parts,
      );
      return done(step, output);
    },
  };
}

/**
 * Exporting a run's story, spread over the workers: first the timeline as it is now is kept in
 * the run (every part must render the same one, whatever is synced meanwhile), then the
 * segments are rendered and joined, and the story gets its export and thumbnail. Used by the
 * share flow's export and by every generation's last step.
 */
export function storyExportSteps(
  service: RenderService,
  stories: StoryRepository,
  opts: {
    status: string;
    failureStage: string;
    options?: (step: StepContext) => {
      removeWatermark?: boolean | undefined;
      extraSteps?: readonly string[];
    };
  },
): WorkflowStep[] {
  const { status, failureStage } = opts;
  const options = (step: StepContext) => opts.options?.(step) ?? {};
  return [
    {
      name: 'snapshot',
      status,
      failureStage,
      async run(step) {
        const story = await stories.findByIdIncludingDeleted(step.run.storyId ?? '');
        if (!story) throw new Error('Story not found');
        if (!story.videoEditorTimeline) throw new Error('This story has no timeline to export yet');
        return {
          state: {
            timeline: story.videoEditorTimeline,
            version: story.version,
            output: renderOutputSize(storySizeSource(story)),
          },
        };
      },
    },
    {
      name: 'export',
      status,
      failureStage,
      ...spreadRender(
        service,
        (step) => {
          const state = exportSnapshotSchema.parse(step.state);
          return {
            timeline: state.timeline,
            // A snapshot taken before sizes were kept in it holds the story's aspect ratio.
            output: state.output ?? OUTPUT_SIZES[state.aspectRatio ?? DEFAULT_ASPECT_RATIO],
            removeWatermark: options(step).removeWatermark,
            id: step.run.id,
            createdAt: step.run.createdAt,
            thumbnail: true,
            owner: { userId: step.run.userId, storyId: step.run.storyId },
          };
        },
        async (step, output) => {
          const story = await stories.findByIdIncludingDeleted(step.run.storyId ?? '');
          if (!story) throw new Error('Story not found');
          const set: Partial<NewStory> = {
            lastExportUrl: output.url,
            // An edit synced while this export ran leaves the export outdated.
            isExportOutdated: story.version !== step.state.version,
          };
          if (!story.isThumbnailModified) set.lastExportThumbnailUrl = output.thumbnailUrl ?? null;
          if (!story.originalThumbnailUrl) set.originalThumbnailUrl = output.thumbnailUrl ?? null;
          const extra = options(step).extraSteps ?? [];
          if (extra.includes('publish')) {
            set.isPublished = true;
            set.publishedAt = story.publishedAt ?? new Date();
          }
          if (extra.includes('generate_link')) set.isPublic = true;
          await stories.update(story.id, set);
          // The snapshot is not needed any more.
          return { state: { url: output.url, thumbnailUrl: output.thumbnailUrl, timeline: null } };
        },
      ),
    },
  ];
}

/** Render calls of the editor (spec 3 §7) and the share flow's story export (spec 1 §4). */
export function renderWorkflows(ctx: AppContext, logger: FastifyBaseLogger): WorkflowDefinition[] {
  const service = new RenderService(ctx, logger);
  const stories = new StoryRepository(ctx.database.db);
  const ownStoryId = async (step: StepContext, id: string | undefined) => {
    const named = id ? await stories.findById(id) : undefined;
    return named && named.userId === step.run.userId ? named.id : null;
  };
  return [
    {
      kind: RENDER_WORKFLOW,
      quota: RENDER_QUOTA,
      steps: [
        {
          name: 'render',
          status: 'processing:exporting_video',
          failureStage: 'exporting_video',
          ...spreadRender(
            service,
            async (step) => {
              const request = renderVideoRequestSchema.parse(step.input);
              const storyId = await ownStoryId(step, request.configFromStory?.story_id);
              const story = storyId ? await stories.findById(storyId) : undefined;
              return {
                timeline: renderCallTimeline(request),
                output: renderCallOutput(request, story ? storySizeSource(story) : null),
                id: step.run.id,
                createdAt: step.run.createdAt,
                // A render belongs to its user (and to the story it names, if theirs).
                owner: { userId: step.run.userId, storyId },
              };
            },
            (_step, output) => ({ state: { url: output.url, key: output.key } }),
          ),
        },
      ],
    },
    {
      kind: EXPORT_WORKFLOW,
      quota: RENDER_QUOTA,
      steps: storyExportSteps(service, stories, {
        status: 'processing:user_exporting_video',
        failureStage: 'user_exporting_video',
        options: (step) => {
          const input = exportJobPayloadSchema.parse(step.input);
          return { removeWatermark: input.remove_watermark, extraSteps: input.extra_steps ?? [] };
        },
      }),
    },
  ];
}
