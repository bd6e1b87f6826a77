import type { ShotsMap, VideoEditorTimeline } from '@storyloom/core';
import { shotsMapSchema, videoEditorTimelineSchema } from '@storyloom/core';
import { z } from 'zod';

/**
 * Edits the server does not have yet, kept in this browser until a sync succeeds, so a reload
 * (or a lost connection) loses nothing. They are tied to the story version they were based on.
 */
const unsyncedSchema = z.object({
  baseVersion: z.number().int().nonnegative().nullable(),
  timeline: videoEditorTimelineSchema,
  shotsMap: shotsMapSchema,
  shotIds: z.array(z.string().max(200)).max(10_000),
});
export type UnsyncedEdits = z.infer<typeof unsyncedSchema>;

const key = (storyId: string) => `storyloom.editor.unsynced.${storyId}`;

export function readUnsyncedEdits(storyId: string): UnsyncedEdits | null {
  try {
    const raw = localStorage.getItem(key(storyId));
    if (!raw) return null;
    const parsed = unsyncedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeUnsyncedEdits(
  storyId: string,
  edits: {
    baseVersion: number | null;
    timeline: VideoEditorTimeline;
    shotsMap: ShotsMap;
    shotIds: readonly string[];
  },
): void {
  try {
    localStorage.setItem(key(storyId), JSON.stringify(edits));
  } catch {
    // Storage full or disabled: the edits still sync from memory.
  }
}

export function clearUnsyncedEdits(storyId: string): void {
  try {
    localStorage.removeItem(key(storyId));
  } catch {
    // Nothing to clear.
  }
}
