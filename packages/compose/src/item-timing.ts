import { EDITOR_CONSTANTS, type MediaAsset, type TimelineItem } from '@storyloom/core';

/** The fields of an item that its timing depends on (durations may be missing on raw data). */
export type TimedItem = Pick<TimelineItem, 'type' | 'startTimeInFrames'> &
  Partial<
    Pick<
      TimelineItem,
      'durationInFrames' | 'sourceTrimStartFrames' | 'sourceTrimEndFrames' | 'speed' | 'status'
    >
  >;

/** Default length of a logo intro or outro item (spec 3 §9). */
export const LOGO_SECONDS = EDITOR_CONSTANTS.logoIntroSeconds;
/** Length of the clip standing in for a shot whose generation failed (spec 3 §4, §9). */
export const FAILED_PLACEHOLDER_SECONDS = EDITOR_CONSTANTS.failedPlaceholderSeconds;

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** An item's speed, defaulting to 1 and never below the engine's clamp (0.1). */
export function itemSpeed(item: Pick<TimedItem, 'speed'>): number {
  const speed = item.speed;
  return positive(speed) ? Math.max(0.1, speed) : 1;
}

/**
 * How many timeline frames an item lasts (spec 3 §4 "item duration fallback order"):
 * 1. its explicit durationInFrames;
 * 2. else the media's length: frames ÷ media fps (or the duration in seconds) less the trimmed
 *    start, ÷ speed;
 * 3. else an estimate from its trim (sourceTrimEnd − sourceTrimStart) ÷ speed, or 3 seconds.
 * An image lasts 2 seconds, a logo 1.5 seconds and a failed placeholder 3 seconds when they
 * have no explicit duration.
 */
export function itemDurationInFrames(
  item: TimedItem,
  fps: number,
  asset?: Pick<MediaAsset, 'metadata'> | null,
): number {
  if (positive(item.durationInFrames)) return item.durationInFrames;
  if (item.type === 'image') return EDITOR_CONSTANTS.imageFallbackSeconds * fps;
  if (item.type === 'logo') return LOGO_SECONDS * fps;
  if (item.status === 'failed' && !asset) return FAILED_PLACEHOLDER_SECONDS * fps;
  const speed = itemSpeed(item);
  const trimStart = item.sourceTrimStartFrames ?? 0;
  const meta = asset?.metadata;
  const mediaSeconds = positive(meta?.frames)
    ? meta.frames / (positive(meta.fps) ? meta.fps : fps)
    : positive(meta?.duration)
      ? meta.duration
      : undefined;
  if (mediaSeconds !== undefined) {
    const frames = (mediaSeconds * fps - trimStart) / speed;
    if (frames > 0) return frames;
  }
  const trimEnd = item.sourceTrimEndFrames;
  if (positive(trimEnd) && trimEnd > trimStart) return (trimEnd - trimStart) / speed;
  return EDITOR_CONSTANTS.defaultItemSeconds * fps;
}

/** First and (exclusive) last frame of an item, rounded to whole output frames. */
export interface FrameWindow {
  startFrame: number;
  endFrame: number;
}

/**
 * The whole frames an item covers: [round(start), round(start + duration)). Fractional frames
 * come from speed changes; rounding both edges keeps neighbouring items contiguous.
 */
export function itemFrameWindow(item: TimedItem, durationInFrames: number): FrameWindow {
  const startFrame = Math.round(item.startTimeInFrames);
  const endFrame = Math.max(startFrame + 1, Math.round(item.startTimeInFrames + durationInFrames));
  return { startFrame, endFrame };
}

export function isFrameInWindow(window: FrameWindow, frame: number): boolean {
  return frame >= window.startFrame && frame < window.endFrame;
}

/** 0 on an item's first frame, rising linearly towards 1 at its end. */
export function itemProgressAt(window: FrameWindow, frame: number): number {
  const length = window.endFrame - window.startFrame;
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (frame - window.startFrame) / length));
}

/**
 * The part of the source an item plays, in seconds: it starts at the trimmed start and lasts
 * the item's duration × speed (trim first, then speed).
 */
export function itemSourceWindow(
  item: TimedItem,
  durationInFrames: number,
  fps: number,
): { startSeconds: number; durationSeconds: number } {
  return {
    startSeconds: (item.sourceTrimStartFrames ?? 0) / fps,
    durationSeconds: (durationInFrames * itemSpeed(item)) / fps,
  };
}

/** Where in its source (seconds) an item is at a timeline frame. */
export function itemSourceTimeAt(
  item: TimedItem,
  window: FrameWindow,
  frame: number,
  fps: number,
): number {
  return ((item.sourceTrimStartFrames ?? 0) + (frame - window.startFrame) * itemSpeed(item)) / fps;
}
