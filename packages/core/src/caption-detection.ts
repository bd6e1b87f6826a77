import { z } from 'zod';
import { captionLanguageSchema } from './caption-style';
import { CAPTION_CREDITS_PER_MINUTE } from './credits';
import {
  mediaAssetSchema,
  timelineItemSchema,
  trackSchema,
  trackSubtypeSchema,
  trackTypeSchema,
} from './timeline';

/**
 * Bounds of one detection request (ours): a story has a few audio tracks of a few hundred clips.
 * `sources` caps the different files listened to (each is transcribed once, whatever the number
 * of items cut from it).
 */
export const CAPTION_DETECTION_LIMITS = {
  tracks: 20,
  itemsPerTrack: 1_000,
  mediaAssets: 2_000,
  strategyLength: 100,
  sources: 40,
} as const;

/** A source audio track as sent for caption detection: audio items only. */
export const captionSourceTrackSchema = z.object({
  id: z.string().min(1),
  type: trackTypeSchema,
  name: z.string().optional(),
  subtype: trackSubtypeSchema.optional(),
  items: z
    .array(
      timelineItemSchema.refine((item) => item.type === 'audio', { message: 'Only audio items' }),
    )
    .max(CAPTION_DETECTION_LIMITS.itemsPerTrack),
});

/** POST /stories/generate_caption body (spec 3 §7). language is omitted for 'auto'. */
export const generateCaptionRequestSchema = z.object({
  tracks: z.array(captionSourceTrackSchema).min(1).max(CAPTION_DETECTION_LIMITS.tracks),
  mediaAssets: z.array(mediaAssetSchema).max(CAPTION_DETECTION_LIMITS.mediaAssets),
  globalConfig: z.object({ fps: z.number().int().min(1).max(120) }),
  captionSegmentStrategy: z.string().max(CAPTION_DETECTION_LIMITS.strategyLength).optional(),
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
export function captionDetectionCredits(
  audioSeconds: number,
  pricePerMinute: number = CAPTION_CREDITS_PER_MINUTE,
): number {
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

/**
 * The editor's estimate of the audio a detection request listens to: every audio item's length
 * on the timeline (pacing the progress bar and showing the price beforehand). The server charges
 * by the probed length of the distinct files instead.
 */
export function captionAudioSeconds(
  tracks: readonly { items: readonly { durationInFrames: number }[] }[],
  fps: number,
): number {
  const frames = tracks.reduce(
    (sum, track) => sum + track.items.reduce((inner, item) => inner + item.durationInFrames, 0),
    0,
  );
  return fps > 0 ? frames / fps : 0;
}
