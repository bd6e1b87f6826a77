import type { TimelineItem } from '@storyloom/core';
import { FRAME_EPSILON, itemEnd } from './frames';

/**
 * Free space on a track (spec 3 §3). The `end` gap after the last item is unbounded
 * (`durationInFrames` and `endTimeInFrames` are Infinity). `insertIndex` is where an item
 * placed in the gap goes in the track's item order.
 */
export interface Gap {
  startTimeInFrames: number;
  durationInFrames: number;
  endTimeInFrames: number;
  insertIndex: number;
  type: 'end' | 'other';
}

/** The gaps of a track's items (ordered by start, not overlapping), the end gap last. */
export function findGaps(items: readonly TimelineItem[]): Gap[] {
  const gaps: Gap[] = [];
  let cursor = 0;
  items.forEach((item, index) => {
    if (item.startTimeInFrames > cursor + FRAME_EPSILON) {
      gaps.push({
        startTimeInFrames: cursor,
        endTimeInFrames: item.startTimeInFrames,
        durationInFrames: item.startTimeInFrames - cursor,
        insertIndex: index,
        type: 'other',
      });
    }
    cursor = Math.max(cursor, itemEnd(item));
  });
  gaps.push({
    startTimeInFrames: cursor,
    endTimeInFrames: Number.POSITIVE_INFINITY,
    durationInFrames: Number.POSITIVE_INFINITY,
    insertIndex: items.length,
    type: 'end',
  });
  return gaps;
}

/** The gap containing a frame, else the nearest one (ties go to the earlier gap). */
export function nearestGap(gaps: readonly Gap[], frame: number): Gap {
  let best = gaps[gaps.length - 1]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const gap of gaps) {
    const distance =
      frame < gap.startTimeInFrames
        ? gap.startTimeInFrames - frame
        : frame > gap.endTimeInFrames
          ? frame - gap.endTimeInFrames
          : 0;
    if (distance < bestDistance) {
      best = gap;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A start for something `durationInFrames` long, as close to `frame` as the gap allows
 * (spec 3 §4: the drop position is clamped into the gap); null when it does not fit.
 */
export function clampIntoGap(gap: Gap, frame: number, durationInFrames: number): number | null {
  if (durationInFrames > gap.durationInFrames + FRAME_EPSILON) return null;
  const latest = gap.endTimeInFrames - durationInFrames;
  return Math.max(gap.startTimeInFrames, Math.min(frame, latest));
}
