import type { TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import { DEFAULT_FPS } from '@storyloom/core';

/** Frame values may be fractional (speed changes divide durations): compare with this slack. */
export const FRAME_EPSILON = 1e-6;

export function itemEnd(item: Pick<TimelineItem, 'startTimeInFrames' | 'durationInFrames'>) {
  return item.startTimeInFrames + item.durationInFrames;
}

export function timelineFps(timeline: Pick<VideoEditorTimeline, 'globalConfig'>): number {
  const fps = timeline.globalConfig?.fps;
  return typeof fps === 'number' && fps > 0 ? fps : DEFAULT_FPS;
}

/** The end of the last item on any track, rounded up to a whole frame; 0 when empty. */
export function totalDurationFrames(tracks: readonly Track[]): number {
  let end = 0;
  for (const track of tracks) for (const item of track.items) end = Math.max(end, itemEnd(item));
  return Math.max(0, Math.ceil(end - FRAME_EPSILON));
}
