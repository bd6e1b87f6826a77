import { randomUUID } from 'node:crypto';
import {
  startCharge,
  shotRegenerateCredits,
  ASMR_STYLES,
  type AdvancedSettings,
  type AsmrPayload,
  type CreditType,
  type RebuildTimelineAndExport,
  type ScriptToVideoPayload,
} from '@storyloom/core';
import { notFound } from '../http/errors.js';
import { titleFromScript } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../http/errors.js';
import { StoryRepository } from '../stories/story-repository.js';
import { CreditLedger } from './credit-ledger.js';
import {
  ASMR_INPUT,
  ASMR_WORKFLOW,
  EXPLAINER_INPUT,
  REBUILD_WORKFLOW,
  REGENERATE_WORKFLOW,
  SCRIPT_TO_VIDEO_WORKFLOW,
  type RegenerateRunInput,
} from './generation-workflows.js';

/** One kind of story to generate: its workflow, category, charge and the story's first fields. */
export interface StoryGeneration {
  kind: string;
  categoryId: string;
  preview: boolean;
  charge: { amount: number; creditType: CreditType | null };
  title: string;
  /** The run's input. */
  input: Record<string, unknown>;
  /** What the story keeps of the request (the run's input unless told). */
  categoryInputs?: Record<string, unknown>;
  advancedSettings: AdvancedSettings;
  aspectRatio: string;
  /** More of the story's first metadata, besides its aspect ratio. */
  metadata?: Record<string, unknown>;
  videoConsistentStyle?: string | null;
}

/**
 * Starts a generation for a user: charges the credits (refusing when short; a full story uses
 * a free story while the account has one, previews never do), makes the story, starts the run.
 * If anything after the charge fails, the charge is refunded and the story hidden.
 */
export async function startStoryGeneration(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  generation: StoryGeneration,
): Promise<{ workflowRunId: string; storyId: string }> {
  await ctx.workflows.checkQuota(userId, generation.kind);
  const stories = new StoryRepository(ctx.database.db);
  const credits = new CreditLedger(ctx.database.db);
  const runId = randomUUID();
  await credits.charge({
    userId,
    ...generation.charge,
    workflowRunId: runId,
    useFreeStory: !generation.preview,
  });
  let storyId: string | undefined;
  try {
    const story = await stories.insert({
      userId,
      title: generation.title,
      categoryId: generation.categoryId,
      categoryInputs: generation.categoryInputs ?? generation.input,
      status: 'pending',
      isPreview: generation.preview,
      advancedSettings: generation.advancedSettings,
      metadata: { aspect_ratio: generation.aspectRatio, ...generation.metadata },
      ...(generation.videoConsistentStyle !== undefined
        ? { videoConsistentStyle: generation.videoConsistentStyle }
        : {}),
    });
    storyId = story.id;
    await ctx.workflows.start({
      id: runId,
      kind: generation.kind,
      userId,
      storyId: story.id,
      input: generation.input,
    });
    return { workflowRunId: runId, storyId: story.id };
  } catch (error) {
    await credits.refund(runId);
    // A story whose run never started (e.g. refused by the quota) would stay pending for ever.
    if (storyId) await stories.update(storyId, { deletedAt: new Date() });
    throw error;
  }
}

/** Starts an explainer (script to video) generation. */
export function startScriptToVideo(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  payload: ScriptToVideoPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  const preview = Boolean(payload.is_preview);
  return startStoryGeneration(ctx, userId, {
    kind: SCRIPT_TO_VIDEO_WORKFLOW,
    categoryId: 'script_to_video',
    preview,
    charge: startCharge(EXPLAINER_INPUT.credits(payload), preview),
    title: payload.title?.trim() || titleFromScript(payload.script_content),
    input: { ...payload },
    advancedSettings: payload.advanced_settings,
    aspectRatio: payload.aspect_ratio,
  });
}

/** Starts an ASMR video generation: 600 credits a shot, 40 a shot for a preview (spec 2 §9). */
export function startAsmrVideo(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  payload: AsmrPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  const preview = Boolean(payload.is_preview);
  const style = ASMR_STYLES.find((s) => s.value === payload.asmr_type)?.name ?? payload.asmr_type;
  return startStoryGeneration(ctx, userId, {
    kind: ASMR_WORKFLOW,
    categoryId: 'asmr_video',
    preview,
    charge: startCharge(ASMR_INPUT.credits(payload), preview),
    title: `${style} ASMR`,
    input: { ...payload },
    advancedSettings: payload.advanced_settings,
    aspectRatio: payload.aspect_ratio,
  });
}

/** Recover: rebuilds a story's timeline and exports it; free (a 0 charge is recorded). */
export async function startRebuildAndExport(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  input: RebuildTimelineAndExport,
): Promise<{ workflowRunId: string }> {
  const stories = new StoryRepository(ctx.database.db);
  const story = await stories.findById(input.story_id);
  if (!story || story.userId !== userId) throw notFound();
  await ctx.workflows.checkQuota(userId, REBUILD_WORKFLOW);
  const runId = randomUUID();
  await new CreditLedger(ctx.database.db).charge({
    userId,
    amount: 0,
    creditType: null,
    workflowRunId: runId,
  });
  await ctx.workflows.start({
    id: runId,
    kind: REBUILD_WORKFLOW,
    userId,
    storyId: story.id,
    input: { ...input },
  });
  return { workflowRunId: runId };
}

/** Credit type of shot regenerations (ours: the spec does not name one). */
export const REGENERATE_CREDIT_TYPE = 'story.regenerate_shot';

/** regenerate_shot / batch_generate: charges `shotRegenerateCredits` per shot, then starts the run. */
export async function startRegenerate(
  ctx: Pick<AppContext, 'database' | 'workflows' | 'providers'>,
  userId: string,
  input: RegenerateRunInput & { advanced_settings?: AdvancedSettings | undefined },
): Promise<{ workflowRunId: string }> {
  const stories = new StoryRepository(ctx.database.db);
  const story = await stories.findById(input.story_id);
  if (!story || story.userId !== userId) throw notFound();
  const shotsMap = (story.storyboard as { shots_map?: Record<string, { is_hidden?: boolean }> })
    ?.shots_map;
  const known = new Set(Object.keys(shotsMap ?? {}));
  const shotIds = input.shot_ids ?? [...known];
  if (shotIds.length === 0 || shotIds.some((id) => !known.has(id)))
    throw badRequest('Shot not found', 'SHOT_NOT_FOUND');
  await ctx.workflows.checkQuota(userId, REGENERATE_WORKFLOW);
  const perShot = shotRegenerateCredits({
    mediaTypes: input.media_types,
    advancedSettings: input.advanced_settings ?? story.advancedSettings,
    videoProvider: ctx.providers.video.name,
  });
  const count = input.shot_ids
    ? shotIds.length
    : shotIds.filter((id) => !shotsMap?.[id]?.is_hidden).length;
  const runId = randomUUID();
  await new CreditLedger(ctx.database.db).charge({
    userId,
    amount: Math.ceil(perShot * count),
    creditType: REGENERATE_CREDIT_TYPE,
    workflowRunId: runId,
  });
  const { advanced_settings: _ignored, ...runInput } = input;
  try {
    await ctx.workflows.start({
      id: runId,
      kind: REGENERATE_WORKFLOW,
      userId,
      storyId: null,
      input: runInput,
    });
  } catch (error) {
    await new CreditLedger(ctx.database.db).refund(runId);
    throw error;
  }
  return { workflowRunId: runId };
}
