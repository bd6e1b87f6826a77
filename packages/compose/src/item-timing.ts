import {
  EDITOR_CONSTANTS,
  itemDurationInFrames,
  itemSpeed,
  type DurationItem,
  type TimelineItem,
} from '@storyloom/core';

/** The fields of an item that its timing depends on (durations may be missing on raw data). */
export type TimedItem = DurationItem & Pick<TimelineItem, 'startTimeInFrames'>;

/** Default length of a logo intro or outro item (spec 3 §9). */
export const LOGO_SECONDS = EDITOR_CONSTANTS.logoIntroSeconds;

// The item-duration rule lives in core, shared with the editor's commands.
export { itemDurationInFrames, itemSpeed };

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
