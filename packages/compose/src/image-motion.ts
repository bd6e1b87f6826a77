/**
 * Image motion: a slow zoom (and, for some items, a drift sideways) so stills are alive. It is
 * one linear function of the item's progress, so the player (per frame) and the exporter (as an
 * ffmpeg expression built from the same numbers) move a picture identically.
 */
export interface ImageMotion {
  /** Zoom at progress 0 and 1 (≥ 1: the picture always fills its fitted rectangle). */
  zoom: readonly [number, number];
  /**
   * Which part of the zoomed picture is shown, horizontally: 0 = left edge, 0.5 = centre,
   * 1 = right edge, at progress 0 and 1.
   */
  panX: readonly [number, number];
  /** The same, vertically. */
  panY: readonly [number, number];
}

/** The four motions, picked per item so consecutive stills do not all move alike. */
export const IMAGE_MOTIONS: readonly ImageMotion[] = [
  { zoom: [1, 1.1], panX: [0.5, 0.5], panY: [0.5, 0.5] },
  { zoom: [1.08, 1.08], panX: [0, 1], panY: [0.5, 0.5] },
  { zoom: [1.1, 1], panX: [0.5, 0.5], panY: [0.5, 0.5] },
  { zoom: [1.08, 1.08], panX: [1, 0], panY: [0.5, 0.5] },
];

/** A stable choice of motion for an item id (a small string hash). */
export function imageMotionFor(itemId: string): ImageMotion {
  let hash = 0;
  for (let i = 0; i < itemId.length; i++) hash = (hash * 31 + itemId.charCodeAt(i)) >>> 0;
  return IMAGE_MOTIONS[hash % IMAGE_MOTIONS.length]!;
}

export interface MotionState {
  zoom: number;
  panX: number;
  panY: number;
}

const lerp = (range: readonly [number, number], t: number) => range[0] + (range[1] - range[0]) * t;

/** The motion at a progress 0..1 (clamped). */
export function imageMotionAt(motion: ImageMotion, progress: number): MotionState {
  const t = Math.min(1, Math.max(0, progress));
  return { zoom: lerp(motion.zoom, t), panX: lerp(motion.panX, t), panY: lerp(motion.panY, t) };
}

/**
 * The source rectangle to draw for a fitted picture of width × height: the visible part of the
 * zoomed picture, in the picture's own (fitted) coordinates.
 */
export function motionSourceRect(
  state: MotionState,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const visibleWidth = width / state.zoom;
  const visibleHeight = height / state.zoom;
  return {
    x: (width - visibleWidth) * state.panX,
    y: (height - visibleHeight) * state.panY,
    width: visibleWidth,
    height: visibleHeight,
  };
}
