import type { CategoryId, VideoType } from './categories';
import { musicVideoSkipsVideo } from './generate';
import type {
  ImageModel,
  ImageModelConfig,
  ImageQuality,
  VideoModel,
  VideoModelConfig,
  VideoResolution,
} from './models';
import {
  imageModelConfigSchema,
  isTurboVideoConfig,
  videoModelConfigSchema,
  videoResolutionGroup,
} from './models';

/** The local video provider's name: its clips are made on this machine, for no credits. */
export const LOCAL_MOTION_PROVIDER = 'local-motion';

/** Credit types (spec 1 §3, spec 2 §7): one per generating category, each with a .preview variant. */
export const CREDIT_TYPES = [
  'story.character_vlog',
  'story.character_vlog.preview',
  'story.script_to_video',
  'story.script_to_video.preview',
  'story.music_video',
  'story.music_video.preview',
  'story.asmr_video',
  'story.asmr_video.preview',
] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

/** Price key of caption detection (value not shown in the spec; configured by the operator). */
export const CAPTION_CREDIT_TYPE = 'story.caption_generation';
/**
 * Credits per started minute of audio for caption detection (spec 3 §9 leaves the value to the
 * operator's price table; ours, see docs/decisions.md). `captionDetectionCredits` applies it.
 */
export const CAPTION_CREDITS_PER_MINUTE = 5;

export type GeneratingCategory = Exclude<CategoryId, 'create_from_scratch'>;

export function creditType(category: GeneratingCategory, preview: boolean): CreditType {
  return preview ? `story.${category}.preview` : `story.${category}`;
}

/** Image generation credits per shot (spec 1 §9). gpt is priced by quality. */
export const IMAGE_CREDITS_PER_SHOT = {
  fluxdev: 10,
  flux_kontext: 15,
  character: 10,
  gpt: { low: 15, medium: 30, high: 100 },
  seedream4: 15,
  'nano-banana': 15,
  'qwen-image': 10,
  default: 10,
} as const satisfies Partial<Record<ImageModel, number | Record<ImageQuality, number>>> & {
  default: number;
};

/** Quality used to price gpt when the config names none (our choice: the style presets' quality). */
export const DEFAULT_GPT_QUALITY: ImageQuality = 'medium';

/** A price that depends on vidu-q2's turbo variant. */
export interface TurboPrice {
  readonly turbo: number;
  readonly standard: number;
}

/**
 * Video generation credits per shot, by model and resolution (spec 1 §9). vidu-q2 has a turbo
 * and a standard (non-turbo) price; see `isTurboVideoConfig` for how a config selects turbo.
 */
export const VIDEO_CREDITS_PER_SHOT: Readonly<
  Partial<Record<VideoModel, Partial<Record<VideoResolution, number | TurboPrice>>>>
> = {
  'pixverse4.5': { '360p': 75, '720p': 100, '1080p': 200 },
  pixverse5: { '360p': 75, '720p': 100, '1080p': 200 },
  'kling2-5': { '1080p': 100 },
  'kling2.1': { '720p': 100, '1080p': 200 },
  'seedance-v1': { '720p': 100 },
  'MiniMax-Hailuo-02': { '768p': 60 },
  'wan-i2v': { '720p': 100 },
  'wan2.2-i2v': { '720p': 100 },
  'wan-multi-talk': { '720p': 100 },
  hedra: { '720p': 100 },
  'creatify-aurora': { '720p': 800 },
  'vidu-q2': { '720p': { turbo: 100, standard: 150 }, '1080p': { turbo: 200, standard: 350 } },
};
export const DEFAULT_VIDEO_CREDITS_PER_SHOT = 100;

export function imageCreditsPerShot(config: ImageModelConfig | null | undefined): number {
  if (!config) return IMAGE_CREDITS_PER_SHOT.default;
  if (config.model === 'gpt')
    return IMAGE_CREDITS_PER_SHOT.gpt[config.parameters?.quality ?? DEFAULT_GPT_QUALITY];
  const price = (IMAGE_CREDITS_PER_SHOT as Partial<Record<string, number | object>>)[config.model];
  return typeof price === 'number' ? price : IMAGE_CREDITS_PER_SHOT.default;
}

/**
 * Video credits per shot. Zero when video generation is skipped. The price is read at the
 * config's resolution, or at a resolution of the same group (720p ↔ 768p); without a
 * resolution, at the model's only listed resolution, else its 720p price, else its first.
 * Models or resolutions outside the table cost the default 100.
 */
export function videoCreditsPerShot(
  config: VideoModelConfig | null | undefined,
  options: { skipVideo?: boolean | null } = {},
): number {
  if (options.skipVideo) return 0;
  if (!config) return DEFAULT_VIDEO_CREDITS_PER_SHOT;
  const table = VIDEO_CREDITS_PER_SHOT[config.model];
  if (!table) return DEFAULT_VIDEO_CREDITS_PER_SHOT;
  const listed = Object.keys(table) as VideoResolution[];
  const wanted = config.parameters?.resolution;
  const resolution = wanted
    ? (listed.find((candidate) => candidate === wanted) ??
      listed.find((candidate) => videoResolutionGroup(candidate) === videoResolutionGroup(wanted)))
    : listed.length === 1
      ? listed[0]
      : (listed.find((candidate) => candidate === '720p') ?? listed[0]);
  const price = resolution === undefined ? undefined : table[resolution];
  if (price === undefined) return DEFAULT_VIDEO_CREDITS_PER_SHOT;
  if (typeof price === 'number') return price;
  return isTurboVideoConfig(config) ? price.turbo : price.standard;
}

/** Music-video fixed costs (spec 1 §9). */
export const MUSIC_VIDEO_CREDITS = {
  base: 25,
  scriptGeneration: 20,
  audioAnalysisPerUnit: 10,
} as const;

/** Audio analysis units: 2 for consistent-character, or consistent-style with style 'auto'; else 1. */
export function audioAnalysisUnits(input: {
  videoType: string | null | undefined;
  style?: string | null;
}): 1 | 2 {
  if (input.videoType === 'consistent-character') return 2;
  if (input.videoType === 'consistent-style' && input.style === 'auto') return 2;
  return 1;
}

/** Base 25 + script generation 20 + audio analysis 10 per unit. */
export function musicVideoBaseCredits(input: {
  videoType: string | null | undefined;
  style?: string | null;
}): number {
  return (
    MUSIC_VIDEO_CREDITS.base +
    MUSIC_VIDEO_CREDITS.scriptGeneration +
    MUSIC_VIDEO_CREDITS.audioAnalysisPerUnit * audioAnalysisUnits(input)
  );
}

/** ASMR per-shot prices (spec 1 §9, spec 2 §9). */
export const ASMR_CREDITS_PER_SHOT = { full: 600, preview: 40 } as const;
/** The other reading of the ASMR price, from the credit table screen. */
export const ASMR_TABLE_CREDITS_PER_SHOT = 560;
export const ASMR_DEFAULT_SHOTS = 3;

/** ASMR credits: 600 per shot for a full story, 40 per shot for a preview; 3 shots by default. */
export function asmrCredits(input: { numShots?: number | null; preview?: boolean | null }): number {
  const shots = input.numShots ?? ASMR_DEFAULT_SHOTS;
  return Math.ceil(
    shots * (input.preview ? ASMR_CREDITS_PER_SHOT.preview : ASMR_CREDITS_PER_SHOT.full),
  );
}

/** Vlog and script estimates (spec 1 §9): 100 excluding video, 1000 for video generation. */
export const STORY_ESTIMATE_CREDITS = { excludingVideo: 100, videoGeneration: 1000 } as const;

/** Music-video clip lengths (seconds) used for the shot count. */
export const MUSIC_VIDEO_CLIP_SECONDS = {
  default: 5,
  'MiniMax-Hailuo-02': 6,
  singingDancingAurora: 15,
} as const;
export const DEFAULT_MUSIC_DURATION_SECONDS = 10;

/**
 * Shot count of a music video (spec 1 §9): lyrics-video uses the given number; otherwise the
 * music duration (default 10 s) divided by the clip length (5 s; 6 s for MiniMax-Hailuo-02;
 * 15 s for singing-dancing with creatify-aurora), rounded down, plus one if the remainder
 * exceeds 1 s; at least 1 if the duration is positive. A lyrics video without a number falls
 * back to the duration rule.
 */
export function musicVideoShotCount(input: {
  videoType: string | null | undefined;
  musicDuration?: number | null;
  numShots?: number | null;
  videoModel?: string | null;
}): number {
  if (
    input.videoType === 'lyrics-video' &&
    input.numShots !== null &&
    input.numShots !== undefined
  ) {
    return Math.max(0, Math.floor(input.numShots));
  }
  const duration = input.musicDuration ?? DEFAULT_MUSIC_DURATION_SECONDS;
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  const clip =
    input.videoType === 'singing-dancing' && input.videoModel === 'creatify-aurora'
      ? MUSIC_VIDEO_CLIP_SECONDS.singingDancingAurora
      : input.videoModel === 'MiniMax-Hailuo-02'
        ? MUSIC_VIDEO_CLIP_SECONDS['MiniMax-Hailuo-02']
        : MUSIC_VIDEO_CLIP_SECONDS.default;
  const whole = Math.floor(duration / clip);
  const remainder = duration - whole * clip;
  return Math.max(1, whole + (remainder > 1 ? 1 : 0));
}

/** A shot of a music video: one of the song's own shots, or a B-roll cutaway between them. */
export type MusicShotRole = 'main' | 'broll';

/**
 * Whether a music video gets B-roll cutaways: when asked for, and never in a lyrics video (its
 * shots follow the sung lines).
 */
export function musicVideoHasBroll(input: {
  videoType?: string | null;
  broll?: boolean | null;
}): boolean {
  return Boolean(input.broll) && input.videoType !== 'lyrics-video';
}

/**
 * The order of main shots and B-roll cutaways (ours): with B-roll on, a cutaway follows every
 * other main shot — after the 1st, 3rd, 5th… — and the video never ends on one, so `main`
 * shots get ⌈(main − 1) / 2⌉ cutaways between them. Every shot, cutaways too, is drawn and
 * animated, so every shot is charged.
 */
export function musicVideoShotRoles(main: number, broll: boolean): MusicShotRole[] {
  const roles: MusicShotRole[] = [];
  for (let k = 0; k < main; k++) {
    roles.push('main');
    if (broll && k % 2 === 0 && k < main - 1) roles.push('broll');
  }
  return roles;
}

export interface CreditEstimate {
  totalCredits: number;
  totalCreditsExcludingVideoGeneration: number;
}

export type CreditInput =
  | { category: 'create_from_scratch' }
  | {
      category: 'character_vlog' | 'script_to_video';
      preview?: boolean;
      skipVideoGeneration?: boolean;
    }
  | { category: 'asmr_video'; numShots?: number | null; preview?: boolean }
  | {
      category: 'music_video';
      videoType: VideoType;
      /** video_consistent_style; 'auto' doubles audio analysis for consistent-style. */
      style?: string | null;
      musicDuration?: number | null;
      numShots?: number | null;
      imageModelConfig?: ImageModelConfig | null;
      videoModelConfig?: VideoModelConfig | null;
      /** Default: true for lyrics-video, else false. */
      skipVideoGeneration?: boolean | null;
      /** enable_broll: cutaways between the song's shots (never in a lyrics video). */
      broll?: boolean | null;
      preview?: boolean;
    };

function estimate(
  excludingVideo: number,
  video: number,
  preview: boolean | undefined,
): CreditEstimate {
  const totalCreditsExcludingVideoGeneration = Math.ceil(excludingVideo);
  return {
    totalCreditsExcludingVideoGeneration,
    totalCredits: preview
      ? totalCreditsExcludingVideoGeneration
      : Math.ceil(excludingVideo + video),
  };
}

/**
 * Credits of a generation, for every category (see docs/decisions.md, "Credits"):
 * - create_from_scratch: 0.
 * - character_vlog, script_to_video: 100 excluding video + 1000 for video generation.
 * - music_video: base (25 + 20 + 10 × units) + shots × image price, plus shots × video
 *   price for video generation (0 when skipped).
 * - asmr_video: 600 per shot in total, of which the 40 per shot preview part excludes video.
 * A preview stops before video generation, so its total equals the part excluding video
 * (an ASMR preview costs 40 per shot). Totals are rounded up.
 */
export function calculateCredits(input: CreditInput): CreditEstimate {
  switch (input.category) {
    case 'create_from_scratch':
      return { totalCredits: 0, totalCreditsExcludingVideoGeneration: 0 };
    case 'character_vlog':
    case 'script_to_video':
      return estimate(
        STORY_ESTIMATE_CREDITS.excludingVideo,
        input.skipVideoGeneration ? 0 : STORY_ESTIMATE_CREDITS.videoGeneration,
        input.preview,
      );
    case 'asmr_video': {
      const numShots = input.numShots ?? ASMR_DEFAULT_SHOTS;
      const previewPart = asmrCredits({ numShots, preview: true });
      return estimate(
        previewPart,
        asmrCredits({ numShots, preview: false }) - previewPart,
        input.preview,
      );
    }
    case 'music_video': {
      const skipVideo = musicVideoSkipsVideo({
        video_type: input.videoType,
        skip_video_generation: input.skipVideoGeneration,
      });
      const shots = musicVideoShotRoles(
        musicVideoShotCount({
          videoType: input.videoType,
          musicDuration: input.musicDuration,
          numShots: input.numShots,
          videoModel: input.videoModelConfig?.model,
        }),
        musicVideoHasBroll(input),
      ).length;
      const excludingVideo =
        musicVideoBaseCredits({ videoType: input.videoType, style: input.style }) +
        shots * imageCreditsPerShot(input.imageModelConfig);
      const video = shots * videoCreditsPerShot(input.videoModelConfig, { skipVideo });
      return estimate(excludingVideo, video, input.preview);
    }
  }
}

/** The credit input of a generating category (every category but create_from_scratch). */
export type GeneratingCreditInput = Exclude<CreditInput, { category: 'create_from_scratch' }>;

/** A charge: its amount and the credit type it is recorded under. */
export interface CreditCharge {
  amount: number;
  creditType: CreditType;
}

/** What starting a generation charges: the calculator's total for a preview or a full story. */
export function startCharge(input: GeneratingCreditInput, preview: boolean): CreditCharge {
  return {
    amount: calculateCredits({ ...input, preview }).totalCredits,
    creditType: creditType(input.category, preview),
  };
}

/**
 * What continuing a paused preview into its full story charges (spec 2 §1, spec 3 §1: what
 * generation makes costs credits): the full story's price beyond the preview's, both by the
 * calculator for the same input, under the full story's credit type. A preview and its
 * continuation together cost exactly what the full story costs when made directly.
 */
export function continuationCharge(input: GeneratingCreditInput): CreditCharge {
  const full = startCharge(input, false);
  return {
    amount: Math.max(0, full.amount - startCharge(input, true).amount),
    creditType: full.creditType,
  };
}

/** Credits a new account starts with (ours; see docs/decisions.md, "Generation (issue 4)"). */
export const STARTING_CREDIT_BALANCE = 5000;

/**
 * Free full stories a new account gets (the "N FREE Story Left" promo; ours, the spec shows no
 * rules): a free story charges no credits, and a failed one gives its free story back.
 */
export const FREE_STORIES_PER_ACCOUNT = 3;

/** Credits of a generation run: the amount charged when it starts, and under which type. */
export function generationCharge(
  category: GeneratingCategory | 'create_from_scratch',
  preview: boolean,
): { amount: number; creditType: CreditType | null } {
  if (category === 'create_from_scratch') return { amount: 0, creditType: null };
  const input =
    category === 'music_video'
      ? { category, videoType: 'singing-dancing' as const, preview }
      : { category, preview };
  return {
    amount: calculateCredits(input).totalCredits,
    creditType: creditType(category, preview),
  };
}

/**
 * Credits of regenerating one shot's media (regenerate_shot / batch_generate, ours: the spec
 * gives no amounts): the image price of the image model; the video price of the video model,
 * except that the local motion provider (pan and zoom clips made here) costs nothing;
 * voice-overs are free.
 */
export function shotRegenerateCredits(args: {
  mediaTypes: readonly ('image' | 'video' | 'voiceover')[];
  advancedSettings:
    { image_model_config?: unknown; video_model_config?: unknown } | null | undefined;
  videoProvider: string;
}): number {
  const image = imageModelConfigSchema.safeParse(args.advancedSettings?.image_model_config);
  const video = videoModelConfigSchema.safeParse(args.advancedSettings?.video_model_config);
  return (
    (args.mediaTypes.includes('image')
      ? imageCreditsPerShot(image.success ? image.data : null)
      : 0) +
    (args.mediaTypes.includes('video') && args.videoProvider !== LOCAL_MOTION_PROVIDER
      ? videoCreditsPerShot(video.success ? video.data : null)
      : 0)
  );
}
