import { z } from 'zod';

/** Image models (spec 2 §3). */
export const IMAGE_MODELS = [
  'flux_kontext',
  'fluxdev',
  'character',
  'gpt',
  'nano-banana',
  'seedream4',
  'qwen-image',
  'imagen4',
] as const;
export const imageModelSchema = z.enum(IMAGE_MODELS);
export type ImageModel = z.infer<typeof imageModelSchema>;

/** Video models (spec 2 §3). */
export const VIDEO_MODELS = [
  'kling',
  'kling2.1',
  'kling2-5',
  'pixverse4.5',
  'pixverse5',
  'veo2',
  'veo3_fast',
  'hedra',
  'wan-i2v',
  'wan2.2-i2v',
  'wan-multi-talk',
  'seedance-v1',
  'MiniMax-Hailuo-02',
  'creatify-aurora',
  'vidu-q2',
] as const;
export const videoModelSchema = z.enum(VIDEO_MODELS);
export type VideoModel = z.infer<typeof videoModelSchema>;

export const IMAGE_QUALITIES = ['low', 'medium', 'high'] as const;
export const imageQualitySchema = z.enum(IMAGE_QUALITIES);
export type ImageQuality = z.infer<typeof imageQualitySchema>;

export const VIDEO_RESOLUTIONS = ['360p', '720p', '768p', '1080p'] as const;
export const videoResolutionSchema = z.enum(VIDEO_RESOLUTIONS);
export type VideoResolution = z.infer<typeof videoResolutionSchema>;

/** Resolution groups shown to the user; 768p belongs to the 720p group. */
export const VIDEO_RESOLUTION_GROUPS = ['360p', '720p', '1080p'] as const;
export type VideoResolutionGroup = (typeof VIDEO_RESOLUTION_GROUPS)[number];

export function videoResolutionGroup(resolution: VideoResolution): VideoResolutionGroup {
  return resolution === '768p' ? '720p' : resolution;
}

export const VIDEO_MODES = ['std', 'pro'] as const;
export const videoModeSchema = z.enum(VIDEO_MODES);

/**
 * Native resolutions of each video model, in the order of the credit table (spec 1 §9).
 * Models outside the table (kling, veo2, veo3_fast) have no listed resolution.
 */
export const VIDEO_MODEL_RESOLUTIONS: Readonly<Record<VideoModel, readonly VideoResolution[]>> = {
  'pixverse4.5': ['360p', '720p', '1080p'],
  pixverse5: ['360p', '720p', '1080p'],
  'kling2-5': ['1080p'],
  'kling2.1': ['720p', '1080p'],
  'seedance-v1': ['720p'],
  'MiniMax-Hailuo-02': ['768p'],
  'wan-i2v': ['720p'],
  'wan2.2-i2v': ['720p'],
  'wan-multi-talk': ['720p'],
  hedra: ['720p'],
  'creatify-aurora': ['720p'],
  'vidu-q2': ['720p', '1080p'],
  kling: [],
  veo2: [],
  veo3_fast: [],
};

function modelsForGroup(group: VideoResolutionGroup): readonly VideoModel[] {
  return (Object.keys(VIDEO_MODEL_RESOLUTIONS) as VideoModel[]).filter((model) =>
    VIDEO_MODEL_RESOLUTIONS[model].some((resolution) => videoResolutionGroup(resolution) === group),
  );
}

/** Video models grouped by resolution (720p includes 768p), ordered as in the credit table. */
export const VIDEO_MODELS_BY_RESOLUTION: Readonly<
  Record<VideoResolutionGroup, readonly VideoModel[]>
> = {
  '360p': modelsForGroup('360p'),
  '720p': modelsForGroup('720p'),
  '1080p': modelsForGroup('1080p'),
};

/** The native resolution a model renders for a resolution group (e.g. MiniMax-Hailuo-02 at 720p is 768p). */
export function nativeVideoResolution(
  model: VideoModel,
  group: VideoResolutionGroup,
): VideoResolution | null {
  return (
    VIDEO_MODEL_RESOLUTIONS[model].find(
      (resolution) => videoResolutionGroup(resolution) === group,
    ) ?? null
  );
}

export const imageModelParametersSchema = z.object({
  quality: imageQualitySchema.optional(),
});

export const imageModelConfigSchema = z.object({
  model: imageModelSchema,
  parameters: imageModelParametersSchema.optional(),
});
export type ImageModelConfig = z.infer<typeof imageModelConfigSchema>;

export const videoModelParametersSchema = z.object({
  resolution: videoResolutionSchema.optional(),
  /** Clip length in seconds. */
  duration: z.number().positive().max(60).optional(),
  /** Kling-style mode. For vidu-q2, 'std' means turbo and 'pro' non-turbo (see `isTurboVideoConfig`). */
  videoMode: videoModeSchema.optional(),
  /** vidu-q2 turbo variant; wins over videoMode when set. */
  turbo: z.boolean().optional(),
});

export const videoModelConfigSchema = z.object({
  model: videoModelSchema,
  parameters: videoModelParametersSchema.optional(),
});
export type VideoModelConfig = z.infer<typeof videoModelConfigSchema>;

export const advancedSettingsSchema = z.object({
  image_model_config: imageModelConfigSchema.optional(),
  video_model_config: videoModelConfigSchema.optional(),
});
export type AdvancedSettings = z.infer<typeof advancedSettingsSchema>;

/** vidu-q2 is turbo when parameters.turbo is true, or when it is unset and videoMode is 'std'. */
export function isTurboVideoConfig(config: VideoModelConfig): boolean {
  const parameters = config.parameters;
  if (parameters?.turbo !== undefined) return parameters.turbo;
  return parameters?.videoMode === 'std';
}

/** Image models offered in the music forms (spec 2 §9). */
export const MUSIC_IMAGE_MODELS = [
  'seedream4',
  'qwen-image',
  'flux_kontext',
  'nano-banana',
] as const satisfies readonly ImageModel[];

/** Default model configs of spec 2 §4 and §9. Where the spec names none, the choice is ours. */
export const DEFAULT_MODEL_CONFIGS = {
  script: {
    image: { model: 'flux_kontext', parameters: {} },
    /** Ours: the spec does not name the script form's default video model. */
    video: { model: 'seedance-v1', parameters: { resolution: '720p' } },
  },
  vlog: {
    image: { model: 'character' },
    /** Ours: "a default video model". */
    video: { model: 'seedance-v1', parameters: { resolution: '720p' } },
    /** Forced when extra characters are added. */
    imageWithExtraCharacters: { model: 'seedream4' },
  },
  musicVideo: {
    image: { model: 'flux_kontext' },
    /** Ours: the fixed model of consistent-style and the start/end-frame fallback. */
    video: { model: 'seedance-v1', parameters: { resolution: '720p' } },
  },
  lyrics: {
    image: { model: 'seedream4' },
    video: { model: 'seedance-v1', parameters: { resolution: '720p', duration: 5 } },
  },
  asmr: {
    image: { model: 'imagen4' },
    video: { model: 'veo3_fast' },
  },
} as const satisfies Record<
  string,
  { image: ImageModelConfig; video: VideoModelConfig; imageWithExtraCharacters?: ImageModelConfig }
>;

/** Video models that support start and end frames (our choice; spec: "those supporting it"). */
export const START_END_FRAME_VIDEO_MODELS = [
  'seedance-v1',
  'kling2.1',
  'pixverse5',
  'vidu-q2',
] as const satisfies readonly VideoModel[];

/** Lip-sync capable video models offered for singing-dancing (our choice). */
export const SINGING_VIDEO_MODELS = [
  'creatify-aurora',
  'wan-multi-talk',
  'hedra',
] as const satisfies readonly VideoModel[];
