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
import type { RunQuota, StepContext, WorkflowDefinition } from '../workflow/workflow-service.js';
import { RenderService } from './render-service.js';

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
function progressReporter(step: StepContext) {
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
 * A signal that fires when the 10-minute render budget (spec 3 §9), counted from the moment
 * the render was asked for, runs out — across retries, so a retried render never gets more.
 */
function renderDeadline(step: StepContext): AbortSignal {
  const remaining = step.run.createdAt.getTime() + RENDER_TIMEOUT_MS - Date.now();
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

/** Render calls of the editor (spec 3 §7) and the share flow's story export (spec 1 §4). */
export function renderWorkflows(ctx: AppContext, logger: FastifyBaseLogger): WorkflowDefinition[] {
  const service = new RenderService(ctx, logger);
  const stories = new StoryRepository(ctx.database.db);
  return [
    {
      kind: RENDER_WORKFLOW,
      quota: RENDER_QUOTA,
      steps: [
        {
          name: 'render',
          status: 'processing:exporting_video',
          failureStage: 'exporting_video',
          async run(step) {
            const request = renderVideoRequestSchema.parse(step.input);
            const ownStoryId = async (id: string | undefined) => {
              const named = id ? await stories.findById(id) : undefined;
              return named && named.userId === step.run.userId ? named.id : null;
            };
            const config = request.configFromStory ?? {};
            const onProgress = progressReporter(step);
            const output = await service.render({
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
              signal: renderDeadline(step),
              onProgress,
              // An editor render belongs to its user (and to the story it names, if theirs).
              owner: { userId: step.run.userId, storyId: await ownStoryId(config.story_id) },
            });
            await onProgress.flush();
            return { state: { url: output.url, key: output.key } };
          },
        },
      ],
    },
    {
      kind: EXPORT_WORKFLOW,
      quota: RENDER_QUOTA,
      steps: [
        {
          name: 'export',
          status: 'processing:user_exporting_video',
          failureStage: 'user_exporting_video',
          async run(step) {
            const input = exportJobPayloadSchema.parse(step.input);
            const story = await stories.findByIdIncludingDeleted(step.run.storyId ?? '');
            if (!story) throw new Error('Story not found');
            if (!story.videoEditorTimeline)
              throw new Error('This story has no timeline to export yet');
            const onProgress = progressReporter(step);
            const output = await service.render({
              timeline: story.videoEditorTimeline,
              output: OUTPUT_SIZES[storyAspectRatio(story)],
              removeWatermark: input.remove_watermark,
              id: step.run.id,
              createdAt: step.run.createdAt,
              signal: renderDeadline(step),
              onProgress,
              thumbnail: true,
              owner: { userId: step.run.userId, storyId: story.id },
            });
            await onProgress.flush();
            // An edit synced while this export ran leaves the export outdated.
            const now = await stories.findByIdIncludingDeleted(story.id);
            const set: Partial<NewStory> = {
              lastExportUrl: output.url,
              isExportOutdated: now ? now.version !== story.version : false,
            };
            if (!story.isThumbnailModified)
              set.lastExportThumbnailUrl = output.thumbnailUrl ?? null;
            if (!story.originalThumbnailUrl) set.originalThumbnailUrl = output.thumbnailUrl ?? null;
            const extra = input.extra_steps ?? [];
            if (extra.includes('publish')) {
              set.isPublished = true;
              set.publishedAt = story.publishedAt ?? new Date();
            }
            if (extra.includes('generate_link')) set.isPublic = true;
            await stories.update(story.id, set);
            return { state: { url: output.url, thumbnailUrl: output.thumbnailUrl } };
          },
        },
      ],
    },
  ];
}
