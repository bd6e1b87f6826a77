import { randomUUID } from 'node:crypto';
import { generationCharge, type ScriptToVideoPayload } from '@storyloom/core';
import { titleFromScript } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { StoryRepository } from '../stories/story-repository.js';
import { CreditLedger } from './credit-ledger.js';
import { SCRIPT_TO_VIDEO_WORKFLOW } from './generation-workflows.js';

/**
 * Starts an explainer generation for a user: charges the credits (refusing when short), makes
 * the story, starts the run. If anything after the charge fails, the charge is refunded.
 */
export async function startScriptToVideo(
  ctx: Pick<AppContext, 'database' | 'workflows'>,
  userId: string,
  payload: ScriptToVideoPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  const stories = new StoryRepository(ctx.database.db);
  const credits = new CreditLedger(ctx.database.db);
  const preview = Boolean(payload.is_preview);
  const { amount, creditType } = generationCharge('script_to_video', preview);
  const runId = randomUUID();
  await credits.charge({ userId, amount, creditType, workflowRunId: runId });
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
    await ctx.workflows.start({
      id: runId,
      kind: SCRIPT_TO_VIDEO_WORKFLOW,
      userId,
      storyId: story.id,
      input: payload as unknown as Record<string, unknown>,
    });
    return { workflowRunId: runId, storyId: story.id };
  } catch (error) {
    await credits.refund(runId);
    throw error;
  }
}
