/**
 * Image motion: a slow zoom (and, for some items, a drift sideways) so stills are alive. It is
 * one linear function of the item's progress, written once over an arithmetic: the player
 * evaluates it with numbers each frame, the exporter turns it into ffmpeg expressions of the
 * frame number, so both move a picture identically.
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

export interface MotionState<T = number> {
  zoom: T;
  panX: T;
  panY: T;
}

/** The operations the motion maths uses: on numbers (the player) or on ffmpeg expressions. */
export interface MotionArithmetic<T> {
  constant(value: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
}

export const NUMBER_ARITHMETIC: MotionArithmetic<number> = {
  constant: (value) => value,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
};

/** The motion at progress `t` (0..1 over the item): each value moves linearly. */
export function motionStateAt<T>(
  ar: MotionArithmetic<T>,
  motion: ImageMotion,
  t: T,
): MotionState<T> {
  const lerp = ([from, to]: readonly [number, number]) =>
    from === to ? ar.constant(from) : ar.add(ar.constant(from), ar.mul(ar.constant(to - from), t));
  return { zoom: lerp(motion.zoom), panX: lerp(motion.panX), panY: lerp(motion.panY) };
}

/**
 * Where the shown width × height window starts in the picture zoomed to width·zoom ×
 * height·zoom: the zoom's extra pixels, times the pan.
 */
export function motionCrop<T>(
  ar: MotionArithmetic<T>,
  state: MotionState<T>,
  width: number,
  height: number,
): { x: T; y: T } {
  const extra = (side: number) => ar.sub(ar.mul(ar.constant(side), state.zoom), ar.constant(side));
  return { x: ar.mul(extra(width), state.panX), y: ar.mul(extra(height), state.panY) };
}

/** The motion at a progress 0..1 (clamped), in numbers. */
export function imageMotionAt(motion: ImageMotion, progress: number): MotionState {
  return motionStateAt(NUMBER_ARITHMETIC, motion, Math.min(1, Math.max(0, progress)));
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
  const crop = motionCrop(NUMBER_ARITHMETIC, state, width, height);
  return {
    x: crop.x / state.zoom,
    y: crop.y / state.zoom,
    width: width / state.zoom,
    height: height / state.zoom,
  };
}
