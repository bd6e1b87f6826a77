import { z } from 'zod';
import { captionStyleOverrideSchema } from './caption-style';
import { aspectRatioSchema } from './categories';
import { MESSAGES } from './messages';
import { frameValueSchema, idSchema, jsonWithin, LIMITS, urlTextSchema } from './limits';
import { isoDateTimeSchema } from './wire-date';

/** Version written into every stored video_editor_timeline (STYLE.md §5). */
export const TIMELINE_SCHEMA_VERSION = 1;

/** Timeline frame rate (spec 3 §9). */
export const DEFAULT_FPS = 30;

export const TIMELINE_ITEM_TYPES = [
  'video',
  'image',
  'audio',
  'caption',
  'overlay',
  'logo',
] as const;
export const timelineItemTypeSchema = z.enum(TIMELINE_ITEM_TYPES);
export type TimelineItemType = z.infer<typeof timelineItemTypeSchema>;

export const EFFECT_TYPES = ['fade-in', 'fade-out'] as const;
export const effectSchema = z.object({
  type: z.enum(EFFECT_TYPES),
  durationInFrames: frameValueSchema,
});
export type Effect = z.infer<typeof effectSchema>;

export const overlayConfigSchema = z.object({
  type: z.literal('error'),
  message: z.string().max(LIMITS.textLength).optional(),
});

export const captionDataSchema = z.object({
  data: z.object({ text: z.string().max(LIMITS.textLength) }),
  style: captionStyleOverrideSchema.optional(),
});

/** Speed bounds: the property editor offers 0.5–2; the engine clamps at 0.1 (spec 3 §4/§5). */
export const SPEED_LIMITS = {
  min: 0.1,
  max: 10,
  editorMin: 0.5,
  editorMax: 2,
  editorStep: 0.25,
} as const;
export const VOLUME_LIMITS = { min: 0, max: 1, step: 0.05 } as const;

/**
 * An item on a track (spec 3 §3). Frame values may be fractional (speed changes divide
 * durations); start and trims are never negative and durations are positive. Every frame value
 * is bounded (`MAX_FRAME_VALUE`); the timeline's own length is checked by the timeline schema.
 */
export const timelineItemSchema = z.object({
  id: idSchema,
  type: timelineItemTypeSchema,
  title: z.string().max(LIMITS.titleLength).optional(),
  mediaAssetId: idSchema.nullable().optional(),
  shotId: idSchema.nullable().optional(),
  startTimeInFrames: frameValueSchema,
  durationInFrames: frameValueSchema.positive(),
  /**
   * Source window of a video or audio item, as positions in its media measured in timeline
   * frames at speed 1 (seconds × fps): the item plays source [start, end), so
   * end − start = durationInFrames × speed (see docs/decisions.md, packages/timeline).
   */
  sourceTrimStartFrames: frameValueSchema.optional(),
  sourceTrimEndFrames: frameValueSchema.optional(),
  speed: z.number().min(SPEED_LIMITS.min).max(SPEED_LIMITS.max).default(1),
  volume: z.number().min(VOLUME_LIMITS.min).max(VOLUME_LIMITS.max).default(1),
  groupId: idSchema.nullable().optional(),
  effects: z.array(effectSchema).max(LIMITS.effectsPerItem).optional(),
  overlayConfig: overlayConfigSchema.optional(),
  caption: captionDataSchema.optional(),
  status: z.literal('failed').optional(),
  statusMessage: z.string().max(LIMITS.titleLength).optional(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const TRACK_TYPES = ['video', 'audio', 'file', 'caption'] as const;
export const trackTypeSchema = z.enum(TRACK_TYPES);
export type TrackType = z.infer<typeof trackTypeSchema>;

export const TRACK_SUBTYPES = ['music', 'voiceover', 'caption'] as const;
export const trackSubtypeSchema = z.enum(TRACK_SUBTYPES);
export type TrackSubtype = z.infer<typeof trackSubtypeSchema>;

/** Derived track category (spec 3 §3). */
export const TRACK_CATEGORIES = ['image', 'video', 'music', 'voiceover', 'caption'] as const;
export type TrackCategory = (typeof TRACK_CATEGORIES)[number];

export const trackSchema = z.object({
  id: idSchema,
  type: trackTypeSchema,
  subtype: trackSubtypeSchema.optional(),
  name: z.string().max(LIMITS.titleLength).optional(),
  items: z.array(timelineItemSchema).max(LIMITS.timelineItems),
  isPrimary: z.boolean().optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const RESOURCE_TYPES = ['video', 'image', 'audio', 'file'] as const;
export const resourceTypeSchema = z.enum(RESOURCE_TYPES);
export type ResourceType = z.infer<typeof resourceTypeSchema>;

export const MEDIA_ASSET_SOURCES = ['generated', 'user_upload'] as const;

export const mediaAssetMetadataSchema = jsonWithin(
  z.looseObject({
    width: z.number().positive().max(LIMITS.mediaSide).optional(),
    height: z.number().positive().max(LIMITS.mediaSide).optional(),
    /** seconds */
    duration: z.number().nonnegative().max(LIMITS.mediaSeconds).optional(),
    fps: z.number().positive().max(1000).optional(),
    frames: z
      .number()
      .nonnegative()
      .max(LIMITS.mediaSeconds * 1000)
      .optional(),
  }),
  LIMITS.freeFormJsonBytes,
  'Media metadata',
);

export const mediaAssetConfigsSchema = jsonWithin(
  z.looseObject({
    genre: z.string().max(LIMITS.titleLength).optional(),
    mood: z.string().max(LIMITS.titleLength).optional(),
    tempo: z.string().max(LIMITS.titleLength).optional(),
    has_lyrics: z.boolean().optional(),
  }),
  LIMITS.freeFormJsonBytes,
  'Media configs',
);

/** A media asset of the timeline (spec 3 §3). Dates are ISO strings. */
export const mediaAssetSchema = z.object({
  id: idSchema,
  title: z.string().max(LIMITS.titleLength).optional(),
  url: urlTextSchema,
  thumbnail_url: z.string().max(LIMITS.urlLength).nullable().optional(),
  resource_type: resourceTypeSchema,
  subtype: trackSubtypeSchema.nullable().optional(),
  source: z.enum(MEDIA_ASSET_SOURCES).optional(),
  shot_id: idSchema.nullable().optional(),
  user_id: idSchema.nullable().optional(),
  is_deleted: z.boolean().optional(),
  created_at: isoDateTimeSchema.optional(),
  updated_at: isoDateTimeSchema.optional(),
  status_message: z.string().max(LIMITS.titleLength).nullable().optional(),
  end_frame_reference_image: z.string().max(LIMITS.urlLength).nullable().optional(),
  metadata: mediaAssetMetadataSchema.optional(),
  configs: mediaAssetConfigsSchema.optional(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** The product's own watermark type. */
export const DEFAULT_WATERMARK_TYPE = 'storyloom';

export const watermarkConfigSchema = z.object({
  enabled: z.boolean().default(true),
  type: z.string().min(1).max(100).default(DEFAULT_WATERMARK_TYPE),
});

export const captionsConfigSchema = z.object({
  enabled: z.boolean().default(true),
  style: captionStyleOverrideSchema.optional(),
});

/** Workflow defaults (spec 1 §3): 30 fps, watermark on with our type, captions on. */
export const PICTURE_FITS = ['cover', 'contain'] as const;
export type PictureFit = (typeof PICTURE_FITS)[number];

export const globalConfigSchema = z.object({
  fps: z.number().int().min(1).max(LIMITS.maxFps).default(DEFAULT_FPS),
  watermark: watermarkConfigSchema.prefault({}),
  captions: captionsConfigSchema.prefault({}),
  /**
   * Ours: the story's size chosen in the editor (spec 3 §3 "Output settings: aspectRatio").
   * Absent: the story's creation choice, else its media's shape (`storyAspectRatio`).
   */
  aspectRatio: aspectRatioSchema.optional(),
  /**
   * Ours: how pictures and clips of another shape fill the frame: `cover` (cropped to fill,
   * what the editor's aspect-ratio control sets) or `contain` (whole, with black bars). Absent:
   * contain, as stories were drawn before the control existed.
   */
  pictureFit: z.enum(PICTURE_FITS).optional(),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

export const DEFAULT_GLOBAL_CONFIG: GlobalConfig = {
  fps: DEFAULT_FPS,
  watermark: { enabled: true, type: DEFAULT_WATERMARK_TYPE },
  captions: { enabled: true },
};

/**
 * What is wrong with a timeline's size, or null: more items than `LIMITS.timelineItems` over
 * all tracks, or an item ending after `LIMITS.timelineSeconds` at the timeline's frame rate.
 * One rule for every way a timeline comes in (sync, render, story creation, generation).
 */
export function timelineSizeIssue(
  tracks: readonly {
    items: readonly Pick<TimelineItem, 'startTimeInFrames' | 'durationInFrames'>[];
  }[],
  fps: number,
): { path: (string | number)[]; message: string } | null {
  let items = 0;
  const lastFrame = LIMITS.timelineSeconds * fps;
  for (const [t, track] of tracks.entries()) {
    items += track.items.length;
    if (items > LIMITS.timelineItems)
      return { path: ['tracks', t, 'items'], message: MESSAGES.limits.tooManyItems };
    for (const [i, item] of track.items.entries()) {
      if (item.startTimeInFrames + item.durationInFrames > lastFrame)
        return { path: ['tracks', t, 'items', i], message: MESSAGES.limits.timelineTooLong };
    }
  }
  return null;
}

/** Adds `timelineSizeIssue` to a schema whose value has tracks (and a frame rate). */
export function checkTimelineSize(
  value: { tracks: Parameters<typeof timelineSizeIssue>[0] },
  fps: number,
  ctx: z.core.$RefinementCtx,
): void {
  const issue = timelineSizeIssue(value.tracks, fps);
  if (issue) ctx.addIssue({ code: 'custom', input: value, ...issue });
}

export const videoEditorTimelineSchema = z
  .object({
    schemaVersion: z.literal(TIMELINE_SCHEMA_VERSION).default(TIMELINE_SCHEMA_VERSION),
    tracks: z.array(trackSchema).max(LIMITS.tracks),
    mediaAssets: z.array(mediaAssetSchema).max(LIMITS.mediaAssets),
    globalConfig: globalConfigSchema.prefault({}),
  })
  .superRefine((timeline, ctx) => checkTimelineSize(timeline, timeline.globalConfig.fps, ctx));
export type VideoEditorTimeline = z.infer<typeof videoEditorTimelineSchema>;
export type VideoEditorTimelineInput = z.input<typeof videoEditorTimelineSchema>;

export function emptyTimeline(): VideoEditorTimeline {
  return {
    schemaVersion: TIMELINE_SCHEMA_VERSION,
    tracks: [],
    mediaAssets: [],
    globalConfig: {
      ...DEFAULT_GLOBAL_CONFIG,
      watermark: { ...DEFAULT_GLOBAL_CONFIG.watermark },
      captions: { ...DEFAULT_GLOBAL_CONFIG.captions },
    },
  };
}
