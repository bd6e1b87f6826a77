import {
  type BatchGeneratePayload,
  type RegenerateShotPayload,
  shotResourcesResponseSchema,
  type SyncPayloadInput,
  syncResponseSchema,
  workflowPollResponseSchema,
  workflowResumeResponseSchema,
  workflowRunResponseSchema,
} from '@storyloom/core';
import { requestJson, withQuery } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

/**
 * GET stories/{storyId}/shots/{shotId}: the shot's images, videos and audio. A shot made in this
 * editor that the server has not saved yet has none (its 404 is not an error to show).
 */
export async function fetchShotResources(storyId: string, shotId: string) {
  try {
    const answer = await requestJson(
      `/stories/${encodeURIComponent(storyId)}/shots/${encodeURIComponent(shotId)}`,
      shotResourcesResponseSchema,
    );
    return answer.media_resources;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { images: [], videos: [], audio: [] };
    throw error;
  }
}

/** POST stories/workflow/regenerate_shot (spec 3 §7). */
export function regenerateShot(storyId: string, shotId: string, payload: RegenerateShotPayload) {
  return requestJson(
    withQuery('/stories/workflow/regenerate_shot', { storyId, shotId }),
    workflowRunResponseSchema,
    { method: 'POST', body: { ...payload } },
  );
}

/** POST stories/workflow/batch_generate (spec 3 §7); shot_ids only when non-empty. */
export function batchGenerate(storyId: string, payload: BatchGeneratePayload) {
  const { shot_ids, ...rest } = payload;
  return requestJson(
    withQuery('/stories/workflow/batch_generate', { storyId }),
    workflowRunResponseSchema,
    {
      method: 'POST',
      body: { ...rest, ...(shot_ids && shot_ids.length > 0 ? { shot_ids } : {}) },
    },
  );
}

/** POST /stories/workflow/resume: a paused preview becomes a full story. */
export function resumeWorkflow(workflowRunId: string) {
  return requestJson('/stories/workflow/resume', workflowResumeResponseSchema, {
    method: 'POST',
    body: { workflowRunId },
  });
}

/** POST /stories/{id}/sync: changed shots (null deletes) and the whole timeline. */
export function syncStory(storyId: string, payload: SyncPayloadInput) {
  return requestJson(`/stories/${encodeURIComponent(storyId)}/sync`, syncResponseSchema, {
    method: 'POST',
    body: { ...payload },
  });
}

/** One poll of a run: RUN_RUNNING, RUN_SUCCESS, RUN_FAILED or RUN_CANCELED. */
export function pollRun(workflowRunId: string) {
  return requestJson('/stories/workflow/status', workflowPollResponseSchema, {
    method: 'POST',
    body: { workflowRunIds: [workflowRunId] },
  });
}
