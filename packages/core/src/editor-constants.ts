/** Video editor constants (spec 3 §4, §5, §9). */
export const EDITOR_CONSTANTS = {
  fps: 30,
  initialTotalDurationSeconds: 20,
  unknownAssetDurationFrames: 30,
  failedPlaceholderSeconds: 3,
  imageFallbackSeconds: 2,
  defaultItemSeconds: 3,
  logoIntroSeconds: 1.5,
  videoPremountSeconds: 3,
  frameTolerance: 10,
  resizeCommitThresholdFrames: 0.01,
  dropEdgeFraction: 0.25,
  multiDragPreviewMax: 5,
  undoLimit: 20,
  historyPickMax: 10,
  estimatedFps: { min: 15, max: 60, fallback: 30, snaps: [24, 25, 30, 60] },
  metadataTimeoutMs: 10000,
  reencodeQuality: [28, 30],
  timing: {
    seekThrottleMs: 50,
    frameStepRepeatMs: 8,
    volumeRepeatMs: 150,
    autoScrollLockMs: 600,
    autoScrollThrottleMs: 200,
    autoScrollStart: 0.8,
    autoScrollBack: 0.2,
  },
  zoom: {
    min: 0.25,
    defaultMax: 2.5,
    computedMaxFloor: 1,
    computedMaxCeiling: 10,
    sliderStep: 0.1,
    buttonStep: 0.25,
    wheelStep: 0.25,
    wheelMin: 0.5,
    wheelMax: 5,
  },
  layout: {
    rulerHeight: 40,
    topBarHeight: 40,
    videoTrackHeight: 80,
    audioTrackHeight: 30,
    captionTrackHeight: 30,
    trackGap: 12,
    buttonColumnWidth: 42,
    itemGap: 6,
    cornerRadius: 4,
    trailingExtra: 0.2,
    leftPadding: 54,
    titlePaneWidth: 45,
    timelineHeight: { default: 210, min: 180, maxViewportFraction: 0.6 },
  },
  /** Ruler ticks: [major, minor] seconds, from the most zoomed-out down. */
  rulerTicks: [
    [30, 5],
    [20, 5],
    [10, 2],
    [5, 1],
    [2, 0.5],
    [1, 0.2],
  ],
  /** Property bounds besides volume and speed (VOLUME_LIMITS, SPEED_LIMITS): spec 3 §5. */
  property: {
    fadeStep: 0.05,
    imageDuration: { min: 0.1, max: 10, step: 0.1 },
  },
} as const;

/**
 * Largest zoom (spec 3 §9): total duration ÷ (2 × shortest item), at least 1 and at most 10;
 * 2.5 when there are no items.
 */
export function maxTimelineZoom(
  totalDurationFrames: number,
  shortestItemFrames: number | null | undefined,
): number {
  const { defaultMax, computedMaxFloor, computedMaxCeiling } = EDITOR_CONSTANTS.zoom;
  if (!shortestItemFrames || shortestItemFrames <= 0 || !(totalDurationFrames > 0))
    return defaultMax;
  return Math.min(
    computedMaxCeiling,
    Math.max(computedMaxFloor, totalDurationFrames / (2 * shortestItemFrames)),
  );
}

/** Estimated video fps: clamped to 15–60 (30 when unknown) and snapped to 24, 25, 30 or 60. */
export function snapVideoFps(estimate: number | null | undefined): number {
  const { min, max, fallback, snaps } = EDITOR_CONSTANTS.estimatedFps;
  if (estimate === null || estimate === undefined || !Number.isFinite(estimate) || estimate <= 0)
    return fallback;
  const clamped = Math.min(max, Math.max(min, estimate));
  return snaps.reduce((best, candidate) =>
    Math.abs(candidate - clamped) < Math.abs(best - clamped) ? candidate : best,
  );
}

/** m:ss clock text of a frame count. */
export function formatFrames(frames: number, fps: number = EDITOR_CONSTANTS.fps): string {
  const seconds = Math.max(0, Math.floor(frames / fps));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
