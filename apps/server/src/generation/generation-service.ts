import { randomUUID } from 'node:crypto';
import {
  generationCharge,
  imageCreditsPerShot,
  imageModelConfigSchema,
  videoCreditsPerShot,
  videoModelConfigSchema,
  type AdvancedSettings,
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
  REBUILD_WORKFLOW,
  REGENERATE_WORKFLOW,
  SCRIPT_TO_VIDEO_WORKFLOW,
  type RegenerateRunInput,
} from './generation-workflows.js';

/**
 * Starts an explainer generation for a user: charges the credits (refusing when short), makes
 * the story, starts the run. If anything after the charge fails, the charge is refunded.
 */
export async function startScriptToVideo(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  payload: ScriptToVideoPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  await ctx.workflows.checkQuota(userId, SCRIPT_TO_VIDEO_WORKFLOW);
  const stories = new StoryRepository(ctx.database.db);
  const credits = new CreditLedger(ctx.database.db);
  const preview = Boolean(payload.is_preview);
  const { amount, creditType } = generationCharge('script_to_video', preview);
  const runId = randomUUID();
  // A full story uses a free story while the account has one (the promo); previews never do.
  await credits.charge({
    userId,
    amount,
    creditType,
    workflowRunId: runId,
    useFreeStory: !preview,
  });
  let storyId: string | undefined;
  try {
    const story = await stories.insert({
      userId,
      title: payload.title?.trim() || titleFromScript(payload.script_content),
      categoryId: 'script_to_video',
      categoryInputs: { ...payload },
      status: 'pending',
      isPreview: preview,
      advancedSettings: payload.advanced_settings,
      metadata: { aspect_ratio: payload.aspect_ratio },
    });
    storyId = story.id;
    await ctx.workflows.start({
      id: runId,
      kind: SCRIPT_TO_VIDEO_WORKFLOW,
      userId,
      storyId: story.id,
      input: payload,
    });
    return { workflowRunId: runId, storyId: story.id };
  } catch (error) {
    await credits.refund(runId);
    // A story whose run never started (e.g. refused by the quota) would stay pending for ever.
    if (storyId) await stories.update(storyId, { deletedAt: new Date() });
    throw error;
  }
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

/**
 * regenerate_shot / batch_generate: charges per shot and media kind — the image price of the
 * image model; the video price of the video model, except that the local motion provider
 * (stills moved by the renderer) costs nothing; voice-overs are free — then starts the run.
 */
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
  const settings = input.advanced_settings ?? story.advancedSettings ?? {};
  const image = imageModelConfigSchema.safeParse(settings.image_model_config);
  const video = videoModelConfigSchema.safeParse(settings.video_model_config);
  const perShot =
    (input.media_types.includes('image')
      ? imageCreditsPerShot(image.success ? image.data : null)
      : 0) +
    (input.media_types.includes('video') && ctx.providers.video.name !== 'local-motion'
      ? videoCreditsPerShot(video.success ? video.data : null)
      : 0);
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
