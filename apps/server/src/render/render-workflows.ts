import type { FastifyBaseLogger } from 'fastify';
import {
  aspectRatioSchema,
  aspectRatioFor,
  exportJobPayloadSchema,
  LIMITS,
  MESSAGES,
  OUTPUT_SIZES,
  RENDER_TIMEOUT_MS,
  renderVideoRequestSchema,
  type AspectRatio,
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

/** Output size of a render call: its width×height, else its aspect ratio, else 1920×1080. */
export function renderOutputSize(config: {
  width?: number | undefined;
  height?: number | undefined;
  aspectRatio?: string | undefined;
}) {
  const even = (v: number) => Math.max(2, Math.floor(Math.min(LIMITS.outputSide, v) / 2) * 2);
  if (config.width && config.height)
    return { width: even(config.width), height: even(config.height) };
  const ratio = aspectRatioSchema.safeParse(config.aspectRatio);
  return OUTPUT_SIZES[ratio.success ? ratio.data : '16:9'];
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

/** The aspect ratio a story exports at: its creation choice, else its media's shape, else 16:9. */
export function storyAspectRatio(story: {
  categoryInputs: Record<string, unknown>;
  metadata: Record<string, unknown>;
  videoEditorTimeline: Record<string, unknown> | null;
}): AspectRatio {
  for (const candidate of [story.categoryInputs.aspect_ratio, story.metadata.aspect_ratio]) {
    const parsed = aspectRatioSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  const assets = (story.videoEditorTimeline?.mediaAssets ?? []) as {
    resource_type?: string;
    metadata?: { width?: number; height?: number };
  }[];
  const visual = assets.find(
    (a) =>
      (a.resource_type === 'video' || a.resource_type === 'image') &&
      a.metadata?.width &&
      a.metadata.height,
  );
  return visual ? aspectRatioFor(visual.metadata!.width!, visual.metadata!.height!) : '16:9';
}

/** Renders and exports a user may have going at once (ours). */
const RENDER_QUOTA: RunQuota = {
  group: 'render',
  max: LIMITS.concurrentRenders,
  message: MESSAGES.limits.tooManyRenders(LIMITS.concurrentRenders),
};

/**
 * A render step spread over the workers: the timeline is cut into segments, each rendered as
 * a part by whichever worker is free (a part whose worker dies is redone alone), then one
 * worker joins them, mixes the sound and stores the video. `job` must give the same render
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
      const keys = (step.parts ?? []).map((part) => String(part.key));
      const output = await service.assemble(
        { ...(await job(step)), signal: renderDeadline(step) },
        keys,
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
            aspectRatio: storyAspectRatio(story),
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
          const state = step.state as { timeline: unknown; aspectRatio: AspectRatio };
          return {
            timeline: state.timeline,
            output: OUTPUT_SIZES[state.aspectRatio],
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
              const config = request.configFromStory ?? {};
              return {
                timeline: {
                  tracks: request.tracks,
                  mediaAssets: request.mediaAssets,
                  globalConfig: {
                    ...(config.fps ? { fps: config.fps } : {}),
                    watermark: request.watermarkConfig,
                    captions: { enabled: config.captions?.enabled ?? true },
                  },
                },
                output: renderOutputSize(config),
                id: step.run.id,
                createdAt: step.run.createdAt,
                // An editor render belongs to its user (and to the story it names, if theirs).
                owner: {
                  userId: step.run.userId,
                  storyId: await ownStoryId(step, config.story_id),
                },
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
