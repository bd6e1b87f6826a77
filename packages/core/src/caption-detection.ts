import { z } from 'zod';
import { captionLanguageSchema } from './caption-style';
import {
  mediaAssetSchema,
  timelineItemSchema,
  trackSchema,
  trackSubtypeSchema,
  trackTypeSchema,
} from './timeline';

/** A source audio track as sent for caption detection: audio items only. */
export const captionSourceTrackSchema = z.object({
  id: z.string().min(1),
  type: trackTypeSchema,
  name: z.string().optional(),
  subtype: trackSubtypeSchema.optional(),
  items: z.array(
    timelineItemSchema.refine((item) => item.type === 'audio', { message: 'Only audio items' }),
  ),
});

/** POST /stories/generate_caption body (spec 3 §7). language is omitted for 'auto'. */
export const generateCaptionRequestSchema = z.object({
  tracks: z.array(captionSourceTrackSchema).min(1),
  mediaAssets: z.array(mediaAssetSchema),
  globalConfig: z.object({ fps: z.number().int().min(1).max(120) }),
  captionSegmentStrategy: z.string().optional(),
  language: captionLanguageSchema.exclude(['auto']).optional(),
});
export type GenerateCaptionRequest = z.infer<typeof generateCaptionRequestSchema>;

/** Answer: caption tracks keyed by their source track id. */
export const generateCaptionResponseSchema = z.object({
  success: z.boolean(),
  captions: z.record(z.string(), trackSchema).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type GenerateCaptionResponse = z.infer<typeof generateCaptionResponseSchema>;

/** Caption detection costs the configured price per started minute of audio (spec 3 §9). */
export function captionDetectionCredits(audioSeconds: number, pricePerMinute: number): number {
  if (!(audioSeconds > 0)) return 0;
  return Math.ceil(Math.ceil(audioSeconds / 60) * pricePerMinute);
}

/** Detection progress (spec 3 §4): ticks every 50 ms, capped at 95, paced on a sixth of the audio length. */
export const CAPTION_DETECTION_PROGRESS = {
  tickMs: 50,
  cap: 95,
  minPaceMs: 50,
  resetAfterMs: 300,
} as const;

/** Progress percent after `elapsedMs` for audio of `audioSeconds`: linear to 95 over audio/6. */
export function captionDetectionProgress(elapsedMs: number, audioSeconds: number): number {
  const pace = Math.max(CAPTION_DETECTION_PROGRESS.minPaceMs, (audioSeconds * 1000) / 6);
  return Math.min(
    CAPTION_DETECTION_PROGRESS.cap,
    (Math.max(0, elapsedMs) / pace) * CAPTION_DETECTION_PROGRESS.cap,
  );
}
