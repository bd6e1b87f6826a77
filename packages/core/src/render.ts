import { z } from 'zod';
import { idSchema, jsonWithin, LIMITS } from './limits';
import {
  checkTimelineSize,
  DEFAULT_FPS,
  globalConfigSchema,
  mediaAssetSchema,
  trackSchema,
} from './timeline';
export const RENDER_TIMEOUT_MS = 600000;
export const DEFAULT_DOWNLOAD_FILE_NAME = 'download.mp4';

export const DOWNLOAD_BEHAVIORS = ['download', 'none'] as const;

/** POST /api/internal/storybuilder/render_video body (spec 3 §7). */
export const renderVideoRequestSchema = z
  .object({
    tracks: z.array(trackSchema).max(LIMITS.tracks),
    mediaAssets: z.array(mediaAssetSchema).max(LIMITS.mediaAssets),
    downloadBehavior: z.enum(DOWNLOAD_BEHAVIORS).default('download'),
    watermarkConfig: z.object({
      enabled: z.boolean(),
      type: z.string().min(1).max(100),
    }),
    /** Story-level settings the render needs; other keys are kept. */
    configFromStory: jsonWithin(
      z.looseObject({
        story_id: idSchema.optional(),
        fps: z.number().int().min(1).max(LIMITS.maxFps).optional(),
        width: z.number().int().positive().max(LIMITS.outputSide).optional(),
        height: z.number().int().positive().max(LIMITS.outputSide).optional(),
        aspectRatio: z.string().max(20).optional(),
        captions: z.looseObject({ enabled: z.boolean().optional() }).optional(),
      }),
      LIMITS.freeFormJsonBytes,
      'configFromStory',
    ).optional(),
    /**
     * Ours: the timeline's whole globalConfig (fps, watermark, caption style, aspect ratio), so
     * a render of a timeline draws what the story export of the same timeline draws. When given
     * it wins over watermarkConfig and configFromStory's fps and captions.
     */
    globalConfig: globalConfigSchema.optional(),
  })
  .superRefine((request, ctx) =>
    checkTimelineSize(
      request,
      request.globalConfig?.fps ?? request.configFromStory?.fps ?? DEFAULT_FPS,
      ctx,
    ),
  );
export type RenderVideoRequest = z.infer<typeof renderVideoRequestSchema>;

export const renderStartResponseSchema = z.object({ renderId: z.string().min(1) });

/** Render statuses: waiting, then rendering with progress, then success or error. */
export const RENDER_STATUSES = ['waiting', 'rendering', 'success', 'error'] as const;

/** GET /api/internal/storybuilder/render_video?id= answer. */
export const renderStatusSchema = z.object({
  renderId: z.string().min(1),
  status: z.enum(RENDER_STATUSES),
  /** 0..1, while rendering. */
  progress: z.number().min(0).max(1).optional(),
  url: z.string().optional(),
  error: z.string().optional(),
});
export type RenderStatus = z.infer<typeof renderStatusSchema>;

export const renderStatusQuerySchema = z.object({ id: z.string().min(1) });
