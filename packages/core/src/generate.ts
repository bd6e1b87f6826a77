import { z } from 'zod';
import { ASMR_SHOTS, asmrTypeSchema, hasUnfilledAsmrPlaceholder } from './asmr';
import type { AspectRatio, MusicVideoFormType } from './categories';
import { aspectRatioSchema, musicVideoFormTypeSchema, VIDEO_TYPE_LABELS } from './categories';
import { MENTION_MARKER, selectedCharacterSchema } from './characters';
import { MESSAGES } from './messages';
import { advancedSettingsSchema, DEFAULT_MODEL_CONFIGS } from './models';
import {
  DEFAULT_MUSIC_VISUAL_STYLE,
  DEFAULT_SCRIPT_VISUAL_STYLE,
  visualStyleSchema,
} from './visual-styles';
import { voiceKeySchema } from './voices';
import { LIMITS } from './limits';
import { mediaAssetSchema, type MediaAsset } from './timeline';

export const SCRIPT_MAX = 900;
export const SHORT_SCRIPT_THRESHOLD = 100;
export const IDEA_TOPIC_MAX = 100;
export const STORYLINE_MAX = 500;
export const SCENE_MAX = 100;

/**
 * The script as counted for limits (spec 2 §5): blank lines removed and every space
 * (any horizontal whitespace) removed; the line breaks between non-blank lines remain.
 */
export function cleanScript(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[^\S\n]/g, ''))
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Control characters other than tab and line feed, plus zero-width space and BOM. */
function isDroppedCharacter(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    code === 0x7f ||
    code === 0x200b ||
    code === 0xfeff
  );
}

/**
 * Pasted prompt text (spec 1 §5, spec 2 §5): plain text with line endings unified, control
 * characters dropped, runs of blank lines collapsed to a single line break, ends trimmed.
 */
export function cleanPastedText(text: string): string {
  const plain = [...text.replace(/\r\n?/g, '\n')]
    .filter((char) => !isDroppedCharacter(char.charCodeAt(0)))
    .join('');
  return plain
    .replace(/\u00a0/g, ' ')
    .replace(/\n[^\S\n]*(?:\n[^\S\n]*)+/g, '\n')
    .trim();
}

/** The script check: 'Please enter a script' when empty, 'Script is too long' over 900 cleaned characters. */
export function validateScript(text: string | null | undefined): string | null {
  const cleaned = cleanScript(text ?? '');
  if (cleaned.length === 0) return MESSAGES.generate.scriptRequired;
  if (cleaned.length > SCRIPT_MAX) return MESSAGES.generate.scriptTooLong;
  return null;
}

/** The short-script warning shows when the cleaned script is under 100 characters and auto rewrite is off. */
export function needsShortScriptWarning(script: string, autoRewrite: boolean): boolean {
  return !autoRewrite && cleanScript(script).length < SHORT_SCRIPT_THRESHOLD;
}

const scriptContentSchema = z
  .string({ message: MESSAGES.generate.scriptRequired })
  .superRefine((text, ctx) => {
    const error = validateScript(text);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** background_music: 'auto', '' for none, or a music URL; null means none. */
const backgroundMusicSchema = z.string().max(2048).nullable();

export const TWO_RATIOS = ['16:9', '9:16'] as const satisfies readonly AspectRatio[];
const twoRatioSchema = z.enum(TWO_RATIOS, { message: MESSAGES.generate.aspectRatioRequired });

/** POST /stories/workflow/generate_script_to_video. */
export const scriptToVideoPayloadSchema = z.object({
  title: z.string().trim().max(200).optional(),
  script_content: scriptContentSchema,
  voiceover_voice: voiceKeySchema.default('auto'),
  background_music: backgroundMusicSchema.default('auto'),
  aspect_ratio: twoRatioSchema.default('16:9'),
  visual_style: visualStyleSchema.default(DEFAULT_SCRIPT_VISUAL_STYLE),
  auto_rewrite: z.boolean().default(true),
  auto_captions: z.boolean().default(true),
  advanced_settings: advancedSettingsSchema.default({
    image_model_config: DEFAULT_MODEL_CONFIGS.script.image,
  }),
  is_preview: z.boolean().optional(),
});
export type ScriptToVideoPayload = z.infer<typeof scriptToVideoPayloadSchema>;
export type ScriptToVideoPayloadInput = z.input<typeof scriptToVideoPayloadSchema>;

/** Vlog defaults (spec 2 §4). */
export const VLOG_DEFAULT_TITLE = 'My Character Vlog';

const characterRequired = selectedCharacterSchema.nullish().superRefine((character, ctx) => {
  if (!character) ctx.addIssue({ code: 'custom', message: MESSAGES.generate.characterRequired });
});

/** POST /stories/workflow/generate_character_vlog. */
export const characterVlogPayloadSchema = z
  .object({
    title: z
      .string({ message: MESSAGES.generate.titleRequired })
      .trim()
      .min(1, MESSAGES.generate.titleRequired)
      .max(200),
    character: characterRequired,
    additional_characters: z.array(selectedCharacterSchema).max(1).default([]),
    aspect_ratio: aspectRatioSchema.default('16:9'),
    vlog_topic: z
      .string({ message: MESSAGES.generate.activityRequired })
      .trim()
      .min(1, MESSAGES.generate.activityRequired)
      .max(SCRIPT_MAX),
    advanced_settings: advancedSettingsSchema.default({
      image_model_config: DEFAULT_MODEL_CONFIGS.vlog.image,
      video_model_config: DEFAULT_MODEL_CONFIGS.vlog.video,
    }),
    background_music: backgroundMusicSchema.default('auto'),
    is_preview: z.boolean().optional(),
  })
  .superRefine((payload, ctx) => {
    // A missing key skips the field's own check: the character is required here too.
    if (!payload.character) {
      ctx.addIssue({
        code: 'custom',
        path: ['character'],
        message: MESSAGES.generate.characterRequired,
      });
    }
    if (payload.character && !payload.vlog_topic.includes(MENTION_MARKER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vlog_topic'],
        message: MESSAGES.generate.mentionRequired,
      });
    }
    const ids = [
      payload.character?.id,
      ...payload.additional_characters.map((character) => character.id),
    ];
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['additional_characters'],
        message: MESSAGES.generate.duplicateCharacter,
      });
    }
  });
export type CharacterVlogPayload = z.infer<typeof characterVlogPayloadSchema>;
export type CharacterVlogPayloadInput = z.input<typeof characterVlogPayloadSchema>;

/** Allowed ratios by music-video type (spec 2 §5): singing-dancing also allows 1:1. */
export const MUSIC_VIDEO_ASPECT_RATIOS: Readonly<
  Record<MusicVideoFormType, readonly AspectRatio[]>
> = {
  'singing-dancing': ['16:9', '9:16', '1:1'],
  'consistent-style': ['16:9', '9:16'],
  'consistent-character': ['16:9', '9:16'],
  'lyrics-video': ['16:9', '9:16'],
};

/** Types that need a character to submit (spec 2 §5). */
export const MUSIC_VIDEO_TYPES_NEEDING_CHARACTER: readonly MusicVideoFormType[] = [
  'consistent-character',
  'singing-dancing',
];

/**
 * The music-video request fields that only some types take (spec 2 §2): the character of
 * "Choose Your Artist" / "Cast Your Actor", the storyline of "Write Storyline" and the scene
 * of "Set the Scene". A request of another type carrying one is refused, so a field left over
 * from another type's form never reaches a video that takes none (a character pasted into a
 * consistent-style video's every shot, say).
 */
export const MUSIC_VIDEO_TYPE_FIELDS = {
  character: { types: ['singing-dancing', 'consistent-character'], label: 'a character' },
  video_topic: { types: ['consistent-character'], label: 'a storyline' },
  video_scenes: { types: ['singing-dancing'], label: 'a scene' },
} as const satisfies Record<string, { types: readonly MusicVideoFormType[]; label: string }>;
export type MusicVideoTypeField = keyof typeof MUSIC_VIDEO_TYPE_FIELDS;

/** Whether a music-video type takes a type-specific field. */
export function musicVideoTakes(
  videoType: MusicVideoFormType,
  field: MusicVideoTypeField,
): boolean {
  return (MUSIC_VIDEO_TYPE_FIELDS[field].types as readonly MusicVideoFormType[]).includes(
    videoType,
  );
}

/**
 * A music URL: an absolute http(s) URL, or a path on this server (a song the creator uploaded
 * is served from `/media/...`, a stock track from `/api/music/...`; see docs/decisions.md).
 */
const musicUrlSchema = z
  .string({ message: MESSAGES.generate.musicUrlRequired })
  .trim()
  .min(1, MESSAGES.generate.musicUrlRequired)
  .max(2048)
  .refine((url) => /^\/[^/\\]/.test(url) || z.url().safeParse(url).success, {
    message: MESSAGES.generate.musicUrlInvalid,
  });

/** POST /stories/workflow/generate_music_video. */
export const musicVideoPayloadSchema = z
  .object({
    music_url: musicUrlSchema,
    /** seconds */
    music_duration: z.number().nonnegative(),
    character: selectedCharacterSchema.nullish(),
    /** Music types allow one character only, so this stays empty. */
    additional_characters: z.array(selectedCharacterSchema).max(0).default([]),
    video_consistent_style: visualStyleSchema.default(DEFAULT_MUSIC_VISUAL_STYLE),
    reference_image_url: z.string().min(1).nullish(),
    video_topic: z.string().max(STORYLINE_MAX, MESSAGES.generate.storylineTooLong).optional(),
    video_scenes: z.string().max(SCENE_MAX, MESSAGES.generate.sceneTooLong).optional(),
    advanced_settings: advancedSettingsSchema.default({
      image_model_config: DEFAULT_MODEL_CONFIGS.musicVideo.image,
    }),
    video_type: musicVideoFormTypeSchema.default('singing-dancing'),
    aspect_ratio: aspectRatioSchema.default('16:9'),
    enable_broll: z.boolean().default(true),
    enable_start_end_frame: z.boolean().default(false),
    /** One-Take Style: one continuous camera move, shots joined by motion, no hard cut (ours). */
    enable_one_take: z.boolean().default(false),
    auto_captions: z.boolean().default(true),
    enable_beat_sync: z.boolean().default(true),
    is_preview: z.boolean().optional(),
    /** Default: true for lyrics-video, else false (see `musicVideoSkipsVideo`). */
    skip_video_generation: z.boolean().optional(),
  })
  .superRefine((payload, ctx) => {
    if (!MUSIC_VIDEO_ASPECT_RATIOS[payload.video_type].includes(payload.aspect_ratio)) {
      ctx.addIssue({
        code: 'custom',
        path: ['aspect_ratio'],
        message: MESSAGES.generate.aspectRatioNotAllowed,
      });
    }
    if (MUSIC_VIDEO_TYPES_NEEDING_CHARACTER.includes(payload.video_type) && !payload.character) {
      ctx.addIssue({
        code: 'custom',
        path: ['character'],
        message: MESSAGES.generate.characterRequired,
      });
    }
    const given: Record<MusicVideoTypeField, boolean> = {
      character: Boolean(payload.character),
      video_topic: Boolean(payload.video_topic?.trim()),
      video_scenes: Boolean(payload.video_scenes?.trim()),
    };
    for (const field of Object.keys(MUSIC_VIDEO_TYPE_FIELDS) as MusicVideoTypeField[]) {
      if (given[field] && !musicVideoTakes(payload.video_type, field)) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: MESSAGES.generate.fieldNotForVideoType(
            MUSIC_VIDEO_TYPE_FIELDS[field].label,
            VIDEO_TYPE_LABELS[payload.video_type],
          ),
        });
      }
    }
  });
export type MusicVideoPayload = z.infer<typeof musicVideoPayloadSchema>;
export type MusicVideoPayloadInput = z.input<typeof musicVideoPayloadSchema>;

/** What the server heard in a song before a music video starts (its analysis). */
export const songAnalysisSchema = z.object({
  /** seconds */
  duration: z.number().positive().max(3600),
  /** beats per minute */
  tempo: z.number().nonnegative().max(1000),
  /** Beat times in seconds from the song's start. */
  beats: z.array(z.number().nonnegative().max(3600)).max(20_000),
});

/** A music-video run's input: the creator's request and the analysis of its song. */
export const musicVideoRunInputSchema = z.object({
  request: musicVideoPayloadSchema,
  song: songAnalysisSchema,
});
export type MusicVideoRunInput = z.infer<typeof musicVideoRunInputSchema>;

/** skip_video_generation with its type-dependent default: true for lyrics-video, else false. */
export function musicVideoSkipsVideo(payload: {
  video_type?: string | null;
  skip_video_generation?: boolean | null;
}): boolean {
  return payload.skip_video_generation ?? payload.video_type === 'lyrics-video';
}

/** Music-video form defaults (spec 2 §4); consistent-style forces start/end frame on. */
export function musicVideoFormDefaults(videoType: MusicVideoFormType = 'singing-dancing') {
  return {
    video_type: videoType,
    aspect_ratio: '16:9' as AspectRatio,
    enable_beat_sync: true,
    enable_broll: true,
    enable_start_end_frame: videoType === 'consistent-style',
    enable_one_take: false,
    auto_captions: true,
    skip_video_generation: videoType === 'lyrics-video',
    video_consistent_style: DEFAULT_MUSIC_VISUAL_STYLE,
    advanced_settings: { image_model_config: DEFAULT_MODEL_CONFIGS.musicVideo.image },
  };
}

/** POST /stories/workflow/generate_lyrics_to_video. */
export const lyricsVideoPayloadSchema = z.object({
  music_url: musicUrlSchema,
  music_duration: z.number().nonnegative().optional(),
  advanced_settings: advancedSettingsSchema.default({
    image_model_config: DEFAULT_MODEL_CONFIGS.lyrics.image,
    video_model_config: DEFAULT_MODEL_CONFIGS.lyrics.video,
  }),
  aspect_ratio: twoRatioSchema.default('16:9'),
  is_preview: z.boolean().optional(),
  /** The Animated Video toggle off means true (the default). */
  skip_video_generation: z.boolean().default(true),
});
export type LyricsVideoPayload = z.infer<typeof lyricsVideoPayloadSchema>;
export type LyricsVideoPayloadInput = z.input<typeof lyricsVideoPayloadSchema>;

/** POST /stories/workflow/generate_asmr_video. */
export const asmrPayloadSchema = z.object({
  script_content: scriptContentSchema.refine((text) => !hasUnfilledAsmrPlaceholder(text), {
    message: MESSAGES.generate.asmrMaterialRequired,
  }),
  voiceover_voice: voiceKeySchema.default('auto'),
  background_music: backgroundMusicSchema.optional(),
  aspect_ratio: twoRatioSchema.default('16:9'),
  num_shots: z.number().int().min(ASMR_SHOTS.min).max(ASMR_SHOTS.max).default(ASMR_SHOTS.default),
  asmr_type: asmrTypeSchema,
  auto_rewrite: z.boolean().default(true),
  auto_captions: z.boolean().default(true),
  advanced_settings: advancedSettingsSchema.default({
    image_model_config: DEFAULT_MODEL_CONFIGS.asmr.image,
    video_model_config: DEFAULT_MODEL_CONFIGS.asmr.video,
  }),
  is_preview: z.boolean().optional(),
});
export type AsmrPayload = z.infer<typeof asmrPayloadSchema>;
export type AsmrPayloadInput = z.input<typeof asmrPayloadSchema>;

/** Media kinds a shot regeneration can ask for. */
export const SHOT_MEDIA_TYPES = ['image', 'video', 'voiceover'] as const;
export const shotMediaTypeSchema = z.enum(SHOT_MEDIA_TYPES);
export type ShotMediaType = z.infer<typeof shotMediaTypeSchema>;

/** Query of POST stories/workflow/regenerate_shot. */
export const regenerateShotQuerySchema = z.object({
  storyId: z.string().min(1, MESSAGES.story.noStoryId),
  shotId: z.string().min(1),
});

/** The longest image or video prompt of a shot. */
export const SHOT_PROMPT_MAX = 4000;

/** Body of POST stories/workflow/regenerate_shot (spec 3 §7). */
export const regenerateShotPayloadSchema = z.object({
  media_types: z.array(shotMediaTypeSchema).min(1),
  image_prompt: z.string().max(SHOT_PROMPT_MAX).optional(),
  video_prompt: z.string().max(SHOT_PROMPT_MAX).optional(),
  voice_over: z
    .string()
    .max(SCRIPT_MAX * 4)
    .optional(),
  advanced_settings: advancedSettingsSchema.optional(),
  end_frame_image_url: z.string().min(1).nullable().optional(),
});
export type RegenerateShotPayload = z.infer<typeof regenerateShotPayloadSchema>;

/** Query of POST stories/workflow/batch_generate. */
export const batchGenerateQuerySchema = z.object({
  storyId: z.string().min(1, MESSAGES.story.noStoryId),
});

/** Body of POST stories/workflow/batch_generate; shot_ids only when non-empty. */
export const batchGeneratePayloadSchema = z.object({
  media_types: z.array(shotMediaTypeSchema).min(1),
  shot_ids: z.array(z.string().min(1)).min(1).optional(),
  advanced_settings: advancedSettingsSchema.optional(),
});
export type BatchGeneratePayload = z.infer<typeof batchGeneratePayloadSchema>;

/** POST /stories/rewrite_script: the script in, the enhanced script out. */
export const rewriteScriptRequestSchema = z.object({
  story: z.string().trim().min(1, MESSAGES.generate.scriptRequired),
});
export const rewriteScriptResponseSchema = z.object({ enhancedScript: z.string() });

/** Idea to video: a topic of at most 100 characters. */
export const ideaToScriptRequestSchema = z.object({
  topic: z.string().trim().min(1).max(IDEA_TOPIC_MAX, MESSAGES.generate.ideaTooLong),
});

/** Estimated render minutes (spec 1 §9): 1 for a preview, 4 for script-to-video, else 3. */
export function estimatedRenderMinutes(categoryId: string, isPreview: boolean): number {
  if (isPreview) return 1;
  return categoryId === 'script_to_video' ? 4 : 3;
}

/** Path parameters of GET stories/{storyId}/shots/{shotId}. */
export const shotParamsSchema = z.object({
  storyId: z.string().min(1, MESSAGES.story.noStoryId).max(LIMITS.idLength),
  shotId: z.string().min(1).max(LIMITS.idLength),
});

/** A shot's generated and uploaded resources by kind (spec 3 §7 `media_resources`). */
export const shotMediaResourcesSchema = z.object({
  images: z.array(mediaAssetSchema),
  videos: z.array(mediaAssetSchema),
  audio: z.array(mediaAssetSchema),
});
export type ShotMediaResources = z.infer<typeof shotMediaResourcesSchema>;

/** Reply of GET stories/{storyId}/shots/{shotId}. */
export const shotResourcesResponseSchema = z.object({ media_resources: shotMediaResourcesSchema });

/** The media assets of one shot, by kind, in the order they were made; deleted ones left out. */
export function shotMediaResources(
  assets: readonly MediaAsset[],
  shotId: string,
): ShotMediaResources {
  const own = assets.filter((asset) => asset.shot_id === shotId && !asset.is_deleted);
  return {
    images: own.filter((asset) => asset.resource_type === 'image'),
    videos: own.filter((asset) => asset.resource_type === 'video'),
    audio: own.filter((asset) => asset.resource_type === 'audio'),
  };
}
