/** Story library, community and sharing constants (spec 1 §2, §9). */
export const LIBRARY_CONSTANTS = {
  previewDialog: {
    width: 1103,
    height: 829,
    maxViewportPercent: 90,
    videoPercent: 70,
    detailsPercent: 30,
  },
  cardImageHeight: 146,
  thumbnailBoxHeight: 169,
  frameDialog: { width: 960, height: 640 },
  frameStrip: {
    thumbnails: 12,
    darkLuminance: 12,
    darkRetries: 3,
    /** Dark frames retry by max(duration / 240, 0.1) seconds. */
    darkStepDivisor: 240,
    darkStepMinSeconds: 0.1,
    seekThrottleMs: 80,
    cacheEntries: 12,
  },
  historyPickMax: 10,
  skeletons: { myStories: 8, myStoriesNextPage: 4, community: [6, 9, 12] },
  homeMyStoryItems: 4,
  infiniteScrollThreshold: 0.1,
  waveformSamples: 1000,
  panelWaveformBars: 17,
  /** Columns by breakpoint, smallest first. */
  myStoriesColumns: [2, 3, 3, 4],
  communityColumns: [2, 3, 4, 5],
} as const;

/** Seconds of the frame strip sample points: the middles of 12 equal segments. */
export function frameStripTimes(
  durationSeconds: number,
  count: number = LIBRARY_CONSTANTS.frameStrip.thumbnails,
): number[] {
  if (!(durationSeconds > 0) || count <= 0) return [];
  const segment = durationSeconds / count;
  return Array.from({ length: count }, (_, index) => segment * (index + 0.5));
}

/** Step used to retry a dark frame: max(duration / 240, 0.1) s. */
export function darkFrameRetryStep(durationSeconds: number): number {
  const { darkStepDivisor, darkStepMinSeconds } = LIBRARY_CONSTANTS.frameStrip;
  return Math.max(durationSeconds / darkStepDivisor, darkStepMinSeconds);
}
