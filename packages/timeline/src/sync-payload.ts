import type { ShotsMap, SyncPayloadInput, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { refuse, type Refused } from './refusal';

/**
 * The POST /stories/{id}/sync body (spec 3 §7): each queued shot as it is now — null when it
 * was deleted; a hidden auto shot is still in the map, so its copy is sent — plus the whole
 * timeline and the version it is based on. Refused without a story id ('Story ID is required
 * for sync') or without anything to send ('No data to sync', a warning).
 */
export function buildSyncPayload(args: {
  storyId: string | null | undefined;
  shotsMap: ShotsMap;
  shotIds: readonly string[];
  timeline: VideoEditorTimeline | null | undefined;
  baseVersion: number | null;
}): { ok: true; storyId: string; payload: SyncPayloadInput } | Refused {
  if (!args.storyId) return refuse('invalid_value', MESSAGES.editor.syncNeedsStoryId);
  if (!args.timeline) return refuse('invalid_value', MESSAGES.editor.noDataToSync);
  const shots: SyncPayloadInput['shots_map'] = {};
  for (const shotId of args.shotIds) shots[shotId] = args.shotsMap[shotId] ?? null;
  const payload: SyncPayloadInput = { shots_map: shots, video_editor_timeline: args.timeline };
  if (args.baseVersion !== null) payload.base_version = args.baseVersion;
  return { ok: true, storyId: args.storyId, payload };
}
