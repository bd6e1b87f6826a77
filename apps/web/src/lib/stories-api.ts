import {
  authorProfileApiPath,
  authorProfileResponseSchema,
  BLANK_STORY,
  type CategoryId,
  type ExportJobPayloadInput,
  operateTemplateStoryResponseSchema,
  publishedStoriesResponseSchema,
  type Story,
  storyListResponseSchema,
  type StoryPatch,
  storySchema,
  workflowRunResponseSchema,
} from '@storyloom/core';
import { requestJson, requestNoContent, withQuery } from './api-client';

const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;

/** GET /stories: the user's own stories (and their team's), newest first, 12 a page. */
export function fetchMyStories(cursor: string | null) {
  return requestJson(withQuery('/stories', { cursor }), storyListResponseSchema);
}

/** GET /stories/published: the community feed; works signed out. */
export function fetchPublishedStories(cursor: string | null, categoryId: CategoryId | null) {
  return requestJson(
    withQuery('/stories/published', { cursor, category_id: categoryId }),
    publishedStoriesResponseSchema,
  );
}

/** GET /stories/{id}. */
export function fetchStory(id: string): Promise<Story> {
  return requestJson(storyPath(id), storySchema);
}

/** POST /stories with the blank story body: the "create blank story" call. */
export function createBlankStory(): Promise<Story> {
  return requestJson('/stories', storySchema, { method: 'POST', body: { ...BLANK_STORY } });
}

/** DELETE /stories/{id} (204). */
export function deleteStory(id: string): Promise<void> {
  return requestNoContent(storyPath(id), { method: 'DELETE' });
}

/** POST /stories/workflow/rebuild_timeline_and_export: the failed card's Recover. */
export function recoverStory(storyId: string): Promise<{ workflowRunId: string }> {
  return requestJson('/stories/workflow/rebuild_timeline_and_export', workflowRunResponseSchema, {
    method: 'POST',
    body: { story_id: storyId, force_music_reselection: false, rebuild_timeline: true },
  });
}

/** POST /stories/operate_template_story: copies a template before it is edited or deleted. */
export async function operateTemplateStory(
  templateStoryId: string,
  operation: 'edit' | 'delete',
): Promise<{ id: string }> {
  const { story } = await requestJson(
    '/stories/operate_template_story',
    operateTemplateStoryResponseSchema,
    {
      method: 'POST',
      body: { template_story_id: templateStoryId, operation },
    },
  );
  return { id: story.id };
}

/** PATCH /stories/{id}: publish, unpublish, make public, thumbnail, contests. */
export function patchStory(id: string, patch: StoryPatch): Promise<Story> {
  return requestJson(storyPath(id), storySchema, { method: 'PATCH', body: { ...patch } });
}

/** POST /stories/workflow/export: the share flow's export job (owner only). */
export function startExport(payload: ExportJobPayloadInput): Promise<{ workflowRunId: string }> {
  return requestJson('/stories/workflow/export', workflowRunResponseSchema, {
    method: 'POST',
    body: { ...payload },
  });
}

/** GET /api/profiles/{username}: an author's public profile and published stories. */
export function fetchAuthorProfile(username: string, cursor: string | null) {
  return requestJson(
    withQuery(authorProfileApiPath(username), { cursor }),
    authorProfileResponseSchema,
  );
}
