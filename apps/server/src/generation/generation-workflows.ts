import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  failedStoryMessage,
  LIMITS,
  MESSAGES,
  rebuildTimelineAndExportSchema,
  scriptToVideoPayloadSchema,
  shotMediaTypeSchema,
  statusStage,
  storyboardSchema as storedStoryboardSchema,
  videoEditorTimelineSchema,
  type FailureStage,
  type ScriptToVideoPayload,
  asmrPayloadSchema,
  type AsmrPayload,
  type AsmrShot,
  type ExplainerShot,
  isProcessingStatus,
  continuationCharge,
  storyboardOf,
  type GeneratedShot,
  type GeneratingCreditInput,
  type KindShotSchema,
} from '@storyloom/core';
import {
  ASMR_HOOKS,
  asmrSteps,
  EXPLAINER_HOOKS,
  explainerSteps,
  flowHooksOf,
  regenerateShots,
  type FlowHooks,
  type GenerationPorts,
  type GenerationStory,
  shotCount,
  type PipelineStep,
  type ShotResult,
} from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { stableMediaId } from '../storage/stable-media-id.js';
import { blobKeyFor, RenderService } from '../render/render-service.js';
import { storyAspectRatio, storyExportSteps } from '../render/render-workflows.js';
import { StoryRepository, type NewStory } from '../stories/story-repository.js';
import type {
  RunQuota,
  StepContext,
  WorkflowDefinition,
  WorkflowRun,
  WorkflowStep,
} from '../workflow/workflow-service.js';
import { CreditLedger } from './credit-ledger.js';
import { vlogCharacterOf } from './vlog-character.js';

export const SCRIPT_TO_VIDEO_WORKFLOW = 'story.script_to_video';
export const ASMR_WORKFLOW = 'story.asmr_video';
/** Recover (spec 1 §7): rebuild the timeline of a generated story and export it, for free. */
export const REBUILD_WORKFLOW = 'story.rebuild_timeline_and_export';
/**
 * regenerate_shot and batch_generate (spec 3 §7). Its runs carry the story id in their input,
 * not as the run's story: a shot regeneration must not move the story's own status.
 */
export const REGENERATE_WORKFLOW = 'story.regenerate_shots';
/** A seeded example or community story, made by the explainer pipeline, then shown. */
export const SEED_EXAMPLE_WORKFLOW = 'story.seed_example';

/** How a seeded story is shown once it is made (the seed run's `seed` input). */
export const seedShowingSchema = z.object({
  template: z.boolean(),
  published: z.boolean(),
  featured: z.boolean(),
});

export const regenerateRunInputSchema = z.object({
  story_id: z.string(),
  shot_ids: z.array(z.string()).optional(),
  media_types: z.array(shotMediaTypeSchema).min(1),
  image_prompt: z.string().optional(),
  video_prompt: z.string().optional(),
  voice_over: z.string().optional(),
});
export type RegenerateRunInput = z.infer<typeof regenerateRunInputSchema>;

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

/**
 * The server side of a generation step: the story row (its shots parsed with its kind's shot
 * schema at each load) and the blob store.
 */
function portsFor<S extends GeneratedShot>(
  ctx: AppContext,
  step: StepContext,
  stories: StoryRepository,
  shotSchema: KindShotSchema<S>,
  storyId: string | null = step.run.storyId,
): GenerationPorts<S> {
  if (!storyId) throw new Error('This run has no story');
  const storyboardSchema = storyboardOf(shotSchema);
  return {
    providers: ctx.providers,
    async loadStory(): Promise<GenerationStory<S>> {
      const row = await stories.findByIdIncludingDeleted(storyId);
      if (!row) throw new Error('Story not found');
      const timeline = row.videoEditorTimeline
        ? videoEditorTimelineSchema.parse(row.videoEditorTimeline)
        : null;
      return {
        id: row.id,
        title: row.title,
        storyboard: row.storyboard ? storyboardSchema.parse(row.storyboard) : null,
        videoEditorTimeline: timeline,
        metadata: row.metadata,
      };
    },
    async updateStory(patch) {
      const set: Partial<NewStory> = {};
      if (patch.title !== undefined) set.title = patch.title;
      if (patch.metadata !== undefined) set.metadata = patch.metadata;
      // What a pipeline makes is held to the same bounds as what a user sends.
      if (patch.storyboard !== undefined)
        set.storyboard = patch.storyboard && storedStoryboardSchema.parse(patch.storyboard);
      if (patch.videoEditorTimeline !== undefined)
        set.videoEditorTimeline =
          patch.videoEditorTimeline && videoEditorTimelineSchema.parse(patch.videoEditorTimeline);
      // A late duplicate of this step (its twin has moved the run on) writes nothing.
      await ctx.workflows.whileAtStep(step.run, (tx) =>
        new StoryRepository(tx).update(storyId, set),
      );
    },
    async storeMedia(name, media) {
      const key = blobKeyFor(
        'media',
        media.extension,
        stableMediaId(step.run.id, name),
        step.run.createdAt,
      );
      await ctx.blobs.put(key, media.bytes);
      await ctx.media.record({
        key,
        userId: step.run.userId,
        storyId,
        kind: 'generated',
        bytes: media.bytes.length,
      });
      return { url: ctx.blobs.url(key) };
    },
    async readMedia(url) {
      const key = blobKeyOfUrl(url, ctx.config.publicUrl);
      if (!key) throw new Error(`${url} is not a media file of this server`);
      // A run reads only what its user may use, whatever its input names.
      if (!(await ctx.media.usableBy(key, step.run.userId)))
        throw new Error(`${url} is not a media file of this run's user`);
      const chunks: Buffer[] = [];
      for await (const chunk of await ctx.blobs.read(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    progress: (percent) => step.setProgress(percent),
  };
}

/**
 * How a kind of generation reads its run's input, which models the request chose, and what
 * core's credit calculator prices it by (the start charge and a preview's continuation both
 * come from it); its flow's hooks give the shot schema its story is loaded with.
 */
export interface GenerationInput<Input, S extends GeneratedShot = GeneratedShot> {
  flow: FlowHooks<S>;
  parse(input: unknown): Input;
  advancedSettings?(input: Input): Parameters<AppContext['models']['providersFor']>[1];
  credits(input: Input): GeneratingCreditInput;
}

export const EXPLAINER_INPUT: GenerationInput<ScriptToVideoPayload, ExplainerShot> = {
  flow: EXPLAINER_HOOKS,
  parse: (input) => scriptToVideoPayloadSchema.parse(input),
  advancedSettings: (input) => input.advanced_settings,
  credits: () => ({ category: 'script_to_video' }),
};

export const ASMR_INPUT: GenerationInput<AsmrPayload, AsmrShot> = {
  flow: ASMR_HOOKS,
  parse: (input) => asmrPayloadSchema.parse(input),
  advancedSettings: (input) => input.advanced_settings,
  credits: (input) => ({ category: 'asmr_video', numShots: input.num_shots }),
};

function toWorkflowStep<Input, S extends GeneratedShot>(
  ctx: AppContext,
  pipelineStep: PipelineStep<Input, S>,
  stories: StoryRepository,
  reader: GenerationInput<Input, S>,
): WorkflowStep {
  // The request's image and video models, when their vendor is configured.
  const prepare = (step: StepContext) => {
    const input = reader.parse(step.input);
    const ports: GenerationPorts<S> = {
      ...portsFor(ctx, step, stories, reader.flow.shotSchema),
      providers: ctx.models.providersFor(ctx.providers, reader.advancedSettings?.(input)),
    };
    return { input, ports };
  };
  // The log keeps the cause; the run (and the wait screen) get the spec's message.
  const failed = (step: StepContext, error: unknown) => {
    step.logger.warn({ err: error }, 'generation step failed');
    return new Error(failedStoryMessage(`failed:${pipelineStep.failureStage}`), { cause: error });
  };
  const perShot = pipelineStep.perShot?.bind(pipelineStep);
  return {
    name: pipelineStep.name,
    status: pipelineStep.status,
    failureStage: pipelineStep.failureStage,
    // Each shot is a job of its own, its result kept as soon as it is done.
    ...(perShot
      ? {
          parts: {
            count: (step) => shotCount(prepare(step).ports),
            async run(part) {
              const { input, ports } = prepare(part);
              try {
                return { ...(await perShot(input, ports, part.index)) };
              } catch (error) {
                throw failed(part, error);
              }
            },
          },
        }
      : {}),
    async run(step) {
      const { input, ports } = prepare(step);
      try {
        const shots = step.parts as ShotResult[] | undefined;
        const result = await pipelineStep.run(input, ports, shots);
        return result?.pause ? { pause: true } : {};
      } catch (error) {
        throw failed(step, error);
      }
    },
  };
}

/** Generation runs a user may have going at once (ours). */
const GENERATION_QUOTA: RunQuota = {
  group: 'generation',
  max: LIMITS.concurrentGenerations,
  message: MESSAGES.limits.tooManyGenerations(LIMITS.concurrentGenerations),
};

/** The last steps of every generation: its story's export, spread over the workers. */
function exportSteps(ctx: AppContext, logger: FastifyBaseLogger, stories: StoryRepository) {
  return storyExportSteps(new RenderService(ctx, logger), stories, {
    status: 'processing:exporting_video',
    failureStage: 'exporting_video',
  });
}

/**
 * The workflow steps of a generation: its pipeline steps, then the export of its story,
 * spread over the workers.
 */
export function generationSteps<Input, S extends GeneratedShot>(
  ctx: AppContext,
  logger: FastifyBaseLogger,
  steps: readonly PipelineStep<Input, S>[],
  reader: GenerationInput<Input, S>,
): WorkflowStep[] {
  const stories = new StoryRepository(ctx.database.db);
  return [
    ...steps.map((s) => toWorkflowStep(ctx, s, stories, reader)),
    ...exportSteps(ctx, logger, stories),
  ];
}

/**
 * A paid generation (one kind of story): its steps and export, under the generation quota,
 * charging a preview's continuation when it is resumed, refunding its credits when it fails
 * before the timeline (spec 1 §8).
 */
export function generationWorkflow<Input, S extends GeneratedShot>(
  ctx: AppContext,
  logger: FastifyBaseLogger,
  kind: string,
  steps: readonly PipelineStep<Input, S>[],
  reader: GenerationInput<Input, S>,
): WorkflowDefinition {
  const credits = new CreditLedger(ctx.database.db);
  return {
    kind,
    quota: GENERATION_QUOTA,
    steps: generationSteps(ctx, logger, steps, reader),
    async onFailure(run: WorkflowRun) {
      if (refundsOnFailure(run.status)) await credits.refund(run.id);
    },
    // A paused preview going on to its full story pays what the full story costs beyond the
    // preview (a free story when one is left), once, when it goes on; a failure after that
    // refunds it with the preview's charge.
    async onResume(run: WorkflowRun, tx) {
      if (!run.userId) return;
      await new CreditLedger(tx).charge({
        userId: run.userId,
        ...continuationCharge(reader.credits(reader.parse(run.input))),
        workflowRunId: run.id,
        useFreeStory: true,
        kind: 'continuation',
      });
    },
  };
}

/** The generation workflows: the explainer (script to video) on the configured providers. */
export function generationWorkflows(
  ctx: AppContext,
  logger: FastifyBaseLogger,
): WorkflowDefinition[] {
  const stories = new StoryRepository(ctx.database.db);
  const credits = new CreditLedger(ctx.database.db);
  return [
    generationWorkflow(ctx, logger, SCRIPT_TO_VIDEO_WORKFLOW, explainerSteps(), EXPLAINER_INPUT),
    generationWorkflow(ctx, logger, ASMR_WORKFLOW, asmrSteps(), ASMR_INPUT),
    {
      // Free and unlimited: only the server starts it, for its own demo accounts.
      kind: SEED_EXAMPLE_WORKFLOW,
      background: true,
      steps: [
        ...generationSteps(ctx, logger, explainerSteps(), EXPLAINER_INPUT),
        {
          name: 'show',
          status: 'processing:exporting_video',
          failureStage: 'exporting_video',
          async run(step) {
            const seed = seedShowingSchema.parse(step.input.seed);
            const story = await stories.findByIdIncludingDeleted(step.run.storyId ?? '');
            // Never shown without its video.
            if (!story?.lastExportUrl) throw new Error('The seeded story has no video');
            await stories.update(story.id, {
              isTemplate: seed.template,
              isPublished: seed.published,
              isFeatured: seed.featured,
              publishedAt: seed.published ? story.createdAt : null,
            });
          },
        },
      ],
    },
    {
      kind: REGENERATE_WORKFLOW,
      quota: GENERATION_QUOTA,
      steps: [
        {
          name: 'regenerate',
          status: 'processing:generating_images',
          failureStage: 'generating_images',
          async run(step) {
            const input = regenerateRunInputSchema.parse(step.input);
            const row = await stories.findByIdIncludingDeleted(input.story_id);
            if (!row) throw new Error('Story not found');
            const flow = flowHooksOf(row.categoryId);
            const ports = portsFor(ctx, step, stories, flow.shotSchema, input.story_id);
            const payload = scriptToVideoPayloadSchema.partial().safeParse(row.categoryInputs);
            const inputs = payload.success ? payload.data : {};
            // The new pictures of a flow that shows a character show it as the server holds it now.
            const character = flow.showsCharacter ? await vlogCharacterOf(ctx, row) : undefined;
            const timeline = row.videoEditorTimeline as {
              globalConfig?: { captions?: { enabled?: boolean } };
            } | null;
            await regenerateShots(
              {
                shotIds: input.shot_ids,
                mediaTypes: input.media_types,
                imagePrompt: input.image_prompt,
                videoPrompt: input.video_prompt,
                voiceOver: input.voice_over,
                runKey: step.run.id.slice(0, 8),
                aspectRatio: storyAspectRatio(row),
                visualStyle: inputs.visual_style ?? row.videoConsistentStyle ?? 'photorealistic',
                voice: inputs.voiceover_voice ?? 'auto',
                captions: timeline?.globalConfig?.captions?.enabled ?? true,
                character,
                // A story written in the list view gets its timeline; a generation under way
                // or a paused preview builds its own in its later steps.
                buildTimeline: !isProcessingStatus(row.status) && row.status !== 'paused',
              },
              ports,
              flow,
            );
            await stories.touch(input.story_id);
          },
        },
      ],
      async onFailure(run: WorkflowRun) {
        await credits.refund(run.id);
      },
    },
    {
      kind: REBUILD_WORKFLOW,
      quota: GENERATION_QUOTA,
      steps: [
        {
          name: 'timeline',
          status: 'processing:generating_timeline',
          failureStage: 'generating_timeline',
          async run(step) {
            const input = rebuildTimelineAndExportSchema.parse(step.input);
            if (!input.rebuild_timeline) return;
            const row = await stories.findByIdIncludingDeleted(step.run.storyId ?? '');
            if (!row) throw new Error('Story not found');
            const flow = flowHooksOf(row.categoryId);
            const ports = portsFor(ctx, step, stories, flow.shotSchema);
            const story = await ports.loadStory();
            if (!story.storyboard || Object.keys(story.storyboard.shots_map).length === 0) return;
            const captions = story.videoEditorTimeline?.globalConfig.captions.enabled ?? true;
            await ports.updateStory({ videoEditorTimeline: flow.timeline(story, captions) });
          },
        },
        ...exportSteps(ctx, logger, stories),
      ],
    },
  ];
}
