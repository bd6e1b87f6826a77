import {
  calculateCredits,
  MESSAGES,
  MUSIC_VIDEO_ASPECT_RATIOS,
  MUSIC_VIDEO_FORM_TYPES,
  MUSIC_VIDEO_TYPES_NEEDING_CHARACTER,
  musicVideoFormDefaults,
  musicVideoModelDefaults,
  musicVideoPayloadSchema,
  musicVideoTakes,
  aspectRatioSchema,
  imageModelSchema,
  SCENE_MAX,
  selectedCharacterSchema,
  videoModelSchema,
  STORYLINE_MAX,
  TRIM_LIMITS,
  validateTrimDuration,
  withMusicVideoModelRules,
  type AspectRatio,
  type ImageModel,
  type MusicVideoFormType,
  type MusicVideoPayloadInput,
  type SelectedCharacter,
  type VideoModel,
} from '@storyloom/core';
import { z } from 'zod';
import { requestError } from '../form-values';

/** The song the creator brought: stored on the server, cut to the chosen segment. */
export interface ChosenSong {
  url: string;
  name: string;
  /** seconds */
  duration: number;
}

export interface MusicVideoFormValues {
  videoType: MusicVideoFormType;
  song: ChosenSong | null;
  /** Set by "Cast Your Actor" / "Choose Your Artist" (the shared character picker). */
  character: SelectedCharacter | null;
  style: string;
  customStyle: string;
  storyline: string;
  scene: string;
  /** lyrics-video: Animated Video (on means clips are generated). */
  animated: boolean;
  oneTake: boolean;
  aspectRatio: AspectRatio;
  beatSync: boolean;
  broll: boolean;
  startEndFrame: boolean;
  captions: boolean;
  imageModel: ImageModel;
  videoModel: VideoModel;
}

/** Music-video form defaults for a type (spec 2 §4). */
export function musicVideoDefaults(videoType: MusicVideoFormType): MusicVideoFormValues {
  const d = musicVideoFormDefaults(videoType);
  const models = musicVideoModelDefaults(videoType);
  return {
    videoType,
    song: null,
    character: null,
    style: d.video_consistent_style,
    customStyle: '',
    storyline: '',
    scene: '',
    animated: !d.skip_video_generation,
    oneTake: false,
    aspectRatio: d.aspect_ratio,
    beatSync: d.enable_beat_sync,
    broll: d.enable_broll,
    startEndFrame: models.startEndFrame,
    captions: d.auto_captions,
    imageModel: models.imageModel,
    videoModel: models.videoModel,
  };
}

/** The values with the model rules of spec 2 §4 applied (core's `withMusicVideoModelRules`). */
export function withModelRules(values: MusicVideoFormValues): MusicVideoFormValues {
  return { ...values, ...withMusicVideoModelRules(values) };
}

export function isMusicVideoType(value: string | undefined): value is MusicVideoFormType {
  return (MUSIC_VIDEO_FORM_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * The form when the creator re-selects the type: that type's own draft (its character, texts,
 * style and settings, or its defaults), with the song the creator brought when that draft has
 * none. Nothing else crosses from one type to another.
 */
export function valuesForType(
  current: MusicVideoFormValues,
  storedDraft: string | null,
  videoType: MusicVideoFormType,
): MusicVideoFormValues {
  const draft = readMusicVideoDraft(storedDraft, videoType);
  return draft.song ? draft : { ...draft, song: current.song };
}

/**
 * The music-video draft of a type in local storage: one per type, kept while editing and
 * cleared by the back button, so a field of one type's draft (its character, say) never
 * shows up in another type's form.
 */
export function musicVideoDraftKey(videoType: MusicVideoFormType): string {
  return `storyloom:music-video-draft:${videoType}`;
}

/** The keys the back button clears: each type's draft and the one all types once shared. */
export const MUSIC_VIDEO_DRAFT_KEYS: readonly string[] = [
  'storyloom:music-video-draft',
  ...MUSIC_VIDEO_FORM_TYPES.map(musicVideoDraftKey),
];

const draftSchema = z
  .object({
    song: z
      .object({
        url: z.string().min(1).max(2048),
        name: z.string().max(300),
        duration: z.number().positive().max(3600),
      })
      .nullable(),
    character: selectedCharacterSchema.nullable(),
    style: z.string().max(200),
    customStyle: z.string().max(200),
    storyline: z.string().max(STORYLINE_MAX),
    scene: z.string().max(SCENE_MAX),
    animated: z.boolean(),
    oneTake: z.boolean(),
    aspectRatio: aspectRatioSchema,
    beatSync: z.boolean(),
    broll: z.boolean(),
    startEndFrame: z.boolean(),
    captions: z.boolean(),
    imageModel: imageModelSchema,
    videoModel: videoModelSchema,
  })
  .partial();

/**
 * The form from the saved draft of a type: each saved field that is still valid is kept (a
 * field that is not is the type's default), then the type's rules apply (its ratios, models,
 * forced start/end frame). A field the type does not take (a character for consistent-style)
 * is dropped. No draft, one of another type, or one that cannot be read gives the defaults.
 */
export function readMusicVideoDraft(
  stored: string | null,
  videoType: MusicVideoFormType,
): MusicVideoFormValues {
  const defaults = musicVideoDefaults(videoType);
  if (!stored) return defaults;
  let saved: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object') return defaults;
    saved = parsed as Record<string, unknown>;
  } catch {
    return defaults;
  }
  const kept: Partial<MusicVideoFormValues> = {};
  for (const [key, field] of Object.entries(draftSchema.shape)) {
    const value = (field as z.ZodType).safeParse(saved[key]);
    if (value.success && value.data !== undefined)
      (kept as Record<string, unknown>)[key] = value.data;
  }
  if (saved.videoType !== videoType) return defaults;
  const merged: MusicVideoFormValues = { ...defaults, ...kept, videoType };
  if (!musicVideoTakes(videoType, 'character')) merged.character = null;
  const ratios = MUSIC_VIDEO_ASPECT_RATIOS[videoType];
  return withModelRules({
    ...merged,
    aspectRatio: ratios.includes(merged.aspectRatio) ? merged.aspectRatio : ratios[0]!,
  });
}

/** The first problem that keeps Create disabled (spec 2 §5), or null. */
export function musicVideoFormError(values: MusicVideoFormValues): string | null {
  if (!values.song) return MESSAGES.generate.musicUrlRequired;
  if (MUSIC_VIDEO_TYPES_NEEDING_CHARACTER.includes(values.videoType) && !values.character)
    return MESSAGES.generate.characterRequired;
  if (values.storyline.length > STORYLINE_MAX) return MESSAGES.generate.storylineTooLong;
  if (values.scene.length > SCENE_MAX) return MESSAGES.generate.sceneTooLong;
  if (values.style === 'custom' && values.customStyle.trim() === '')
    return 'Please describe your custom style';
  return requestError(musicVideoPayloadSchema, musicVideoPayload(values, false));
}

/**
 * The generate_music_video request of the form: the fields every type takes, plus only those
 * of its own type (core's `musicVideoTakes`) — a character only for singing-dancing and
 * consistent-character, a storyline only for consistent-character, a scene only for
 * singing-dancing — whatever else the form still holds.
 */
export function musicVideoPayload(
  values: MusicVideoFormValues,
  isPreview: boolean,
): MusicVideoPayloadInput {
  const type = values.videoType;
  const lyrics = type === 'lyrics-video';
  return {
    music_url: values.song?.url ?? '',
    music_duration: values.song?.duration ?? 0,
    ...(musicVideoTakes(type, 'character') ? { character: values.character } : {}),
    video_type: type,
    video_consistent_style:
      values.style === 'custom' ? values.customStyle.trim() || 'custom' : values.style,
    ...(musicVideoTakes(type, 'video_topic') && values.storyline.trim()
      ? { video_topic: values.storyline.trim() }
      : {}),
    ...(musicVideoTakes(type, 'video_scenes') && values.scene.trim()
      ? { video_scenes: values.scene.trim() }
      : {}),
    aspect_ratio: values.aspectRatio,
    enable_beat_sync: values.beatSync,
    enable_broll: values.broll,
    enable_start_end_frame: values.startEndFrame,
    enable_one_take: values.oneTake,
    auto_captions: values.captions,
    skip_video_generation: lyrics ? !values.animated : false,
    advanced_settings: {
      image_model_config: { model: values.imageModel },
      video_model_config: { model: values.videoModel },
    },
    ...(isPreview ? { is_preview: true } : {}),
  };
}

/** Credits of the form's music video and of its preview, by core's calculator. */
export function musicVideoEstimate(values: MusicVideoFormValues): {
  full: number;
  preview: number;
} {
  const payload = musicVideoPayload(values, false);
  const input = {
    category: 'music_video' as const,
    videoType: values.videoType,
    style: payload.video_consistent_style ?? null,
    musicDuration: values.song?.duration ?? null,
    imageModelConfig: payload.advanced_settings?.image_model_config ?? null,
    videoModelConfig: payload.advanced_settings?.video_model_config ?? null,
    skipVideoGeneration: payload.skip_video_generation ?? null,
    broll: values.broll,
  };
  return {
    full: calculateCredits(input).totalCredits,
    preview: calculateCredits({ ...input, preview: true }).totalCredits,
  };
}

/** A segment of a song, in seconds. */
export interface SongWindow {
  start: number;
  end: number;
}

/** How far one key press moves the window (spec 2 §5): 1 s, 5 s with Shift, 0.1 s with Ctrl/Cmd. */
export function keyStep(keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (keys.ctrlKey || keys.metaKey) return TRIM_LIMITS.fineStep;
  if (keys.shiftKey) return TRIM_LIMITS.shiftStep;
  return TRIM_LIMITS.keyboardStep;
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/** The window moved by `delta` seconds, its length kept, inside the song. */
export function moveWindow(window: SongWindow, delta: number, songSeconds: number): SongWindow {
  const length = window.end - window.start;
  const start = Math.min(Math.max(0, window.start + delta), Math.max(0, songSeconds - length));
  return { start: tenths(start), end: tenths(start + length) };
}

/**
 * One edge of the window moved to `seconds`, inside the song and never past the other edge.
 * Its length may leave 10–60 s: the dialog then shows the spec's message and refuses to go on.
 */
export function setWindowEdge(
  window: SongWindow,
  edge: 'start' | 'end',
  seconds: number,
  songSeconds: number,
): SongWindow {
  if (edge === 'start')
    return { ...window, start: tenths(Math.min(Math.max(0, seconds), window.end - 0.1)) };
  return { ...window, end: tenths(Math.max(Math.min(songSeconds, seconds), window.start + 0.1)) };
}

/** The trim message for a window, or null when its length is allowed. */
export function windowError(window: SongWindow, maxSeconds: number): string | null {
  return validateTrimDuration(tenths(window.end - window.start), maxSeconds);
}
