import { z } from 'zod';
import { idSchema, jsonWithin, LIMITS } from './limits';

/** Shot types (spec 3 §3); '' is the empty type of a shot not yet classified. */
export const SHOT_TYPES = ['auto', 'manual', 'uploaded_video', 'uploaded_image', ''] as const;
export const shotTypeSchema = z.enum(SHOT_TYPES);
export type ShotType = z.infer<typeof shotTypeSchema>;

const optionalText = z.string().max(LIMITS.textLength).nullable().optional();
const optionalUrl = z.string().max(LIMITS.urlLength).nullable().optional();
const optionalId = idSchema.nullable().optional();

/**
 * A storyboard shot (spec 3 §3). Unknown keys are kept (pipelines may add their own fields),
 * within `LIMITS.shotJsonBytes` for the whole shot.
 * `script` is our addition: the shot's voice-over text shown in the editor's Script tab.
 */
export const shotSchema = jsonWithin(
  z.looseObject({
    shot_id: idSchema,
    shot_type: shotTypeSchema.optional(),
    image_prompt: optionalText,
    video_prompt: optionalText,
    script: optionalText,
    active_image_id: optionalId,
    active_image_url: optionalUrl,
    active_video_id: optionalId,
    active_video_url: optionalUrl,
    active_voice_over_audio_id: optionalId,
    active_voice_over_audio_url: optionalUrl,
    is_hidden: z.boolean().optional(),
    /** Epoch seconds when the shot was hidden. */
    hidden_at: z.number().nonnegative().max(1e11).nullable().optional(),
    /** Ordering key, compared lexicographically (plain string comparison, not locale). */
    lexorank: z.string().max(LIMITS.idLength),
  }),
  LIMITS.shotJsonBytes,
  'A shot',
);
export type Shot = z.infer<typeof shotSchema>;

/** Shots keyed by shot id. */
export const shotsMapSchema = z
  .record(idSchema, shotSchema)
  .refine((map) => Object.keys(map).length <= LIMITS.shots, {
    message: `A storyboard has at most ${LIMITS.shots} shots`,
  });
export type ShotsMap = z.infer<typeof shotsMapSchema>;

export const storyboardSchema = z.object({
  shots_map: shotsMapSchema,
});
export type Storyboard = z.infer<typeof storyboardSchema>;

/** Compares lexoranks by UTF-16 code units, as the spec's lexicographic order. */
export function compareLexorank(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Shots in lexorank order (ties broken by shot id, so the order is total). */
export function orderedShots(shotsMap: ShotsMap): Shot[] {
  return Object.values(shotsMap).sort(
    (a, b) => compareLexorank(a.lexorank, b.lexorank) || compareLexorank(a.shot_id, b.shot_id),
  );
}
