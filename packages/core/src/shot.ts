import { z } from 'zod';

/** Shot types (spec 3 §3); '' is the empty type of a shot not yet classified. */
export const SHOT_TYPES = ['auto', 'manual', 'uploaded_video', 'uploaded_image', ''] as const;
export const shotTypeSchema = z.enum(SHOT_TYPES);
export type ShotType = z.infer<typeof shotTypeSchema>;

const optionalText = z.string().nullable().optional();

/**
 * A storyboard shot (spec 3 §3). Unknown keys are kept (pipelines may add their own fields).
 * `script` is our addition: the shot's voice-over text shown in the editor's Script tab.
 */
export const shotSchema = z.looseObject({
  shot_id: z.string().min(1),
  shot_type: shotTypeSchema.optional(),
  image_prompt: optionalText,
  video_prompt: optionalText,
  script: optionalText,
  active_image_id: optionalText,
  active_image_url: optionalText,
  active_video_id: optionalText,
  active_video_url: optionalText,
  active_voice_over_audio_id: optionalText,
  active_voice_over_audio_url: optionalText,
  is_hidden: z.boolean().optional(),
  /** Epoch seconds when the shot was hidden. */
  hidden_at: z.number().nullable().optional(),
  /** Ordering key, compared lexicographically (plain string comparison, not locale). */
  lexorank: z.string(),
});
export type Shot = z.infer<typeof shotSchema>;

/** Shots keyed by shot id. */
export const shotsMapSchema = z.record(z.string(), shotSchema);
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
