import { z } from 'zod';
import { mediaAssetSchema, trackSchema } from './timeline';

/** Render polling (spec 3 §4, §9). */
export const RENDER_POLL_INTERVAL_MS = 2000;
export const RENDER_TIMEOUT_MS = 600000;
export const RENDER_MAX_RETRIES = 3;
export const RENDER_RETRY_DELAY_MS = 1000;
export const DEFAULT_DOWNLOAD_FILE_NAME = 'download.mp4';

export const DOWNLOAD_BEHAVIORS = ['download', 'none'] as const;

/** POST /api/internal/storybuilder/render_video body (spec 3 §7). */
export const renderVideoRequestSchema = z.object({
  tracks: z.array(trackSchema),
  mediaAssets: z.array(mediaAssetSchema),
  downloadBehavior: z.enum(DOWNLOAD_BEHAVIORS).default('download'),
  watermarkConfig: z.object({
    enabled: z.boolean(),
    type: z.string().min(1),
  }),
  /** Story-level settings the render needs; other keys are kept. */
  configFromStory: z
    .looseObject({
      story_id: z.string().optional(),
      fps: z.number().int().min(1).max(120).optional(),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
      aspectRatio: z.string().optional(),
      captions: z.looseObject({ enabled: z.boolean().optional() }).optional(),
    })
    .optional(),
});
export type RenderVideoRequest = z.infer<typeof renderVideoRequestSchema>;
export type RenderVideoRequestInput = z.input<typeof renderVideoRequestSchema>;

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
