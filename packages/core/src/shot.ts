import { z } from 'zod';
import { idSchema, jsonWithin, LIMITS } from './limits';

/** Shot types (spec 3 §3); '' is the empty type of a shot not yet classified. */
export const SHOT_TYPES = ['auto', 'manual', 'uploaded_video', 'uploaded_image', ''] as const;
export const shotTypeSchema = z.enum(SHOT_TYPES);
export type ShotType = z.infer<typeof shotTypeSchema>;

const optionalText = z.string().max(LIMITS.textLength).nullable().optional();
const optionalUrl = z.string().max(LIMITS.urlLength).nullable().optional();
const optionalId = idSchema.nullable().optional();

/** The fields of every shot, whatever its story's kind (spec 3 §3). */
const shotShape = {
  shot_id: idSchema,
  shot_type: shotTypeSchema.optional(),
  image_prompt: optionalText,
  video_prompt: optionalText,
  /** Ours: the shot's voice-over text shown in the editor's Script tab. */
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
};

/**
 * A stored shot of any story kind, as the story API and the editor carry it: the fields every
 * shot has are checked; the fields of its kind (below) are kept as they are, within
 * `LIMITS.shotJsonBytes` for the whole shot.
 */
export const shotSchema = jsonWithin(z.looseObject(shotShape), LIMITS.shotJsonBytes, 'A shot');
export type Shot = z.infer<typeof shotSchema>;

/**
 * A shot schema that keeps the keys it does not declare (a stored shot may carry fields of an
 * older version, or of a regeneration) but types only the fields it declares.
 */
function kindShot<Shape extends z.ZodRawShape>(
  shape: Shape,
): z.ZodType<z.output<z.ZodObject<Shape>>, z.input<z.ZodObject<Shape>>> {
  return z.looseObject(shape);
}

/**
 * A flow's own field as stored: a value that does not fit (stored by an older version, or
 * edited by hand) reads as absent, so the story still loads.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const seconds = z.number().nonnegative().max(LIMITS.mediaSeconds);

/** A word and where it is spoken, in seconds from its audio's start. */
const timedWordSchema = z.object({
  word: z.string().max(LIMITS.textLength),
  start: seconds,
  end: seconds,
});

/** A phrase and where it is spoken (a voice-over's captions; a sung line's words). */
const timedPhraseSchema = z.object({
  text: z.string().max(LIMITS.textLength),
  start: seconds,
  end: seconds,
  words: z.array(timedWordSchema).max(LIMITS.shots).optional(),
});

/**
 * The fields every generation writes into its shots, and a regeneration of any story's shots
 * (ours): the words the picture is drawn from, and the voice-over's timing.
 */
const generatedShotShape = {
  ...shotShape,
  keywords: lenient(z.array(z.string().max(LIMITS.idLength)).max(100)),
  /** Where each phrase of the voice-over is spoken: the shot's captions. */
  voice_phrases: lenient(z.array(timedPhraseSchema).max(LIMITS.shots)),
  /** Seconds of the voice-over. */
  voice_duration: lenient(seconds),
};

/** A shot of a generated story of any kind: what every flow and a regeneration read. */
export const generatedShotSchema = kindShot(generatedShotShape);
export type GeneratedShot = z.infer<typeof generatedShotSchema>;

/** A shot of an explainer (script to video) story. */
export const explainerShotSchema = generatedShotSchema;
export type ExplainerShot = GeneratedShot;

/** A shot of a character vlog: who the picture shows. */
export const vlogShotSchema = kindShot({
  ...generatedShotShape,
  character_prompt: lenient(z.string().max(LIMITS.textLength)),
});
export type VlogShot = z.infer<typeof vlogShotSchema>;

/** A shot of an ASMR video. */
export const asmrShotSchema = generatedShotSchema;
export type AsmrShot = GeneratedShot;

/** A shot of a music video: its place in the song, cut on the beats. */
export const musicVideoShotSchema = kindShot({
  ...generatedShotShape,
  /** The artist a performance shows. */
  performer: lenient(z.string().max(LIMITS.textLength)),
  song_section: lenient(z.string().max(LIMITS.idLength)),
  /** The lines sung over the shot (a lyrics video, a performance with captions). */
  lyric_lines: lenient(z.array(timedPhraseSchema).max(LIMITS.shots)),
  /** Frames [cut_start_frame, cut_end_frame) of the video. */
  cut_start_frame: lenient(z.number()),
  cut_end_frame: lenient(z.number()),
  /** A B-roll cutaway between the song's shots. */
  broll: lenient(z.boolean()),
});
export type MusicVideoShot = z.infer<typeof musicVideoShotSchema>;

/** The shot schema of one story kind. */
export type KindShotSchema<S extends GeneratedShot = GeneratedShot> = z.ZodType<S>;

/** A storyboard whose shots are read with one kind's shot schema. */
export function storyboardOf<S extends GeneratedShot>(shot: KindShotSchema<S>) {
  return z.object({ shots_map: z.record(idSchema, shot) });
}

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

/** Compares lexoranks by UTF-16 code units, as the spec's lexicographic order. */
export function compareLexorank(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Shots in lexorank order (ties broken by shot id, so the order is total). */
export function orderedShots<S extends Pick<Shot, 'shot_id' | 'lexorank'>>(
  shotsMap: Readonly<Record<string, S>>,
): S[] {
  return Object.values(shotsMap).sort(
    (a, b) => compareLexorank(a.lexorank, b.lexorank) || compareLexorank(a.shot_id, b.shot_id),
  );
}
