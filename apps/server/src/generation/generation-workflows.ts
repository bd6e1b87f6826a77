import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  failedStoryMessage,
  OUTPUT_SIZES,
  scriptToVideoPayloadSchema,
  statusStage,
  videoEditorTimelineSchema,
  type FailureStage,
} from '@storyloom/core';
import {
  explainerSteps,
  type GenerationPorts,
  type GenerationStory,
  type PipelineStep,
} from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { blobKeyFor, RenderService } from '../render/render-service.js';
import { StoryRepository, type NewStory } from '../stories/story-repository.js';
import type {
  StepContext,
  WorkflowDefinition,
  WorkflowRun,
  WorkflowStep,
} from '../workflow/workflow-service.js';
import { CreditLedger } from './credit-ledger.js';

export const SCRIPT_TO_VIDEO_WORKFLOW = 'story.script_to_video';

/** Failure stages whose message promises a refund (spec 1 §8); the others offer Recover. */
const REFUNDED_STAGES: ReadonlySet<FailureStage> = new Set([
  'creating_story',
  'generating_storyboard',
  'generating_images',
  'generating_videos',
]);

/** Whether a failed run's credits go back: every failure except timeline and export ones. */
export function refundsOnFailure(status: string): boolean {
  const stage = statusStage(status);
  return stage === null || REFUNDED_STAGES.has(stage);
}

/** A UUID-shaped name fixed by the run and the media's name, so a retry overwrites its file. */
export function stableMediaId(runId: string, name: string): string {
  const hex = createHash('sha1').update(`${runId}/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The server side of a generation step: the story row, the blob store and the render engine. */
function portsFor(
  ctx: AppContext,
  step: StepContext,
  stories: StoryRepository,
  render: RenderService,
): GenerationPorts {
  const storyId = step.run.storyId;
  if (!storyId) throw new Error('This run has no story');
  return {
    providers: ctx.providers,
    async loadStory(): Promise<GenerationStory> {
      const row = await stories.findByIdIncludingDeleted(storyId);
      if (!row) throw new Error('Story not found');
      const timeline = row.videoEditorTimeline
        ? videoEditorTimelineSchema.parse(row.videoEditorTimeline)
        : null;
      return {
        id: row.id,
        title: row.title,
        storyboard: (row.storyboard as GenerationStory['storyboard']) ?? null,
        videoEditorTimeline: timeline,
        metadata: row.metadata,
      };
    },
    async updateStory(patch) {
      const set: Partial<NewStory> = {};
      if (patch.title !== undefined) set.title = patch.title;
      if (patch.metadata !== undefined) set.metadata = patch.metadata;
      if (patch.storyboard !== undefined) set.storyboard = patch.storyboard;
      if (patch.videoEditorTimeline !== undefined)
        set.videoEditorTimeline = patch.videoEditorTimeline;
      await stories.update(storyId, set);
    },
    async storeMedia(name, media) {
      const key = blobKeyFor(
        'media',
        media.extension,
        stableMediaId(step.run.id, name),
        step.run.createdAt,
      );
      await ctx.blobs.put(key, media.bytes);
      return { url: ctx.blobs.url(key) };
    },
    async exportVideo(timeline) {
      const story = await stories.findByIdIncludingDeleted(storyId);
      if (!story) throw new Error('Story not found');
      const ratio = scriptToVideoPayloadSchema.parse(step.input).aspect_ratio;
      const output = await render.render({
        timeline,
        output: OUTPUT_SIZES[ratio],
        id: step.run.id,
        createdAt: step.run.createdAt,
        signal: AbortSignal.timeout(10 * 60_000),
        onProgress: (percent) => void step.setProgress(percent).catch(() => undefined),
        thumbnail: true,
      });
      const set: Partial<NewStory> = { lastExportUrl: output.url, isExportOutdated: false };
      if (!story.isThumbnailModified) set.lastExportThumbnailUrl = output.thumbnailUrl ?? null;
      if (!story.originalThumbnailUrl) set.originalThumbnailUrl = output.thumbnailUrl ?? null;
      await stories.update(storyId, set);
      return { url: output.url, thumbnailUrl: output.thumbnailUrl };
    },
    progress: (percent) => step.setProgress(percent),
  };
}

function toWorkflowStep(
  ctx: AppContext,
  pipelineStep: PipelineStep,
  stories: StoryRepository,
  render: RenderService,
): WorkflowStep {
  return {
    name: pipelineStep.name,
    status: pipelineStep.status,
    failureStage: pipelineStep.failureStage,
    async run(step) {
      const input = scriptToVideoPayloadSchema.parse(step.input);
      try {
        const result = await pipelineStep.run(input, portsFor(ctx, step, stories, render));
        return result?.pause ? { pause: true } : {};
      } catch (error) {
        // The log keeps the cause; the run (and the wait screen) get the spec's message.
        step.logger.warn({ err: error }, 'generation step failed');
        throw new Error(failedStoryMessage(`failed:${pipelineStep.failureStage}`), {
          cause: error,
        });
      }
    },
  };
}

/** The generation workflows: the explainer (script to video) on the configured providers. */
export function generationWorkflows(
  ctx: AppContext,
  logger: FastifyBaseLogger,
): WorkflowDefinition[] {
  const stories = new StoryRepository(ctx.database.db);
  const render = new RenderService(ctx, logger);
  const credits = new CreditLedger(ctx.database.db);
  return [
    {
      kind: SCRIPT_TO_VIDEO_WORKFLOW,
      steps: explainerSteps().map((s) => toWorkflowStep(ctx, s, stories, render)),
      async onFailure(run: WorkflowRun) {
        if (refundsOnFailure(run.status)) await credits.refund(run.id);
      },
    },
  ];
}
