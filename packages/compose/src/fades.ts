import type { Effect } from '@storyloom/core';
import type { FrameWindow } from './item-timing';

export interface FadeDurations {
  /** frames */
  fadeIn: number;
  /** frames */
  fadeOut: number;
}

/**
 * An item's fade-in and fade-out lengths in whole frames; each is at most half the item
 * (spec 3 §5), and a zero or missing effect means no fade.
 */
export function itemFades(
  effects: readonly Effect[] | undefined,
  window: FrameWindow,
): FadeDurations {
  const half = (window.endFrame - window.startFrame) / 2;
  const of = (type: Effect['type']) => {
    const effect = effects?.find((e) => e.type === type);
    const frames = effect ? Math.round(effect.durationInFrames) : 0;
    return Math.max(0, Math.min(Math.floor(half), frames));
  };
  return { fadeIn: of('fade-in'), fadeOut: of('fade-out') };
}

/**
 * The fade multiplier 0..1 at a frame: rises linearly over the fade-in from the item's first
 * frame, falls linearly over the fade-out to its end (opacity for pictures, gain for sound).
 */
export function fadeMultiplierAt(fades: FadeDurations, window: FrameWindow, frame: number): number {
  if (frame < window.startFrame || frame >= window.endFrame) return 0;
  let value = 1;
  if (fades.fadeIn > 0) value = Math.min(value, (frame - window.startFrame) / fades.fadeIn);
  if (fades.fadeOut > 0) value = Math.min(value, (window.endFrame - frame) / fades.fadeOut);
  return Math.min(1, Math.max(0, value));
}
