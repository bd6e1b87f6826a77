import { z } from 'zod';
import { idSchema, LIMITS } from './limits';
import { shotSchema } from './shot';
import { videoEditorTimelineSchema } from './timeline';

/** Editor sync debounce (spec 3 §4, §9). */
export const SYNC_DEBOUNCE_MS = 1000;

/**
 * POST /stories/{id}/sync body (spec 3 §7): shots to upsert (null deletes a shot), the whole
 * timeline, and optionally the story version the client edited (for conflict detection).
 */
export const syncPayloadSchema = z.object({
  shots_map: z
    .record(idSchema, shotSchema.nullable())
    .refine((map) => Object.keys(map).length <= LIMITS.shots, {
      message: `A storyboard has at most ${LIMITS.shots} shots`,
    }),
  video_editor_timeline: videoEditorTimelineSchema,
  base_version: z.number().int().nonnegative().optional(),
});
export type SyncPayloadInput = z.input<typeof syncPayloadSchema>;

/** Answer of a successful sync: the new story version; the export is now outdated. */
export const syncResponseSchema = z.object({
  version: z.number().int().nonnegative(),
  is_export_outdated: z.literal(true),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;
