import { describe, expect, it } from 'vitest';
import { clampIntoGap, findGaps, nearestGap } from './gaps';
import { item } from './test-builders';

const items = [
  item('a', { startTimeInFrames: 30, durationInFrames: 30 }),
  item('b', { startTimeInFrames: 60, durationInFrames: 40 }),
  item('c', { startTimeInFrames: 150, durationInFrames: 50 }),
];

describe('gaps', () => {
  it('lists the free spaces with their insert index, the end gap last and unbounded', () => {
    expect(findGaps(items)).toEqual([
      {
        startTimeInFrames: 0,
        endTimeInFrames: 30,
        durationInFrames: 30,
        insertIndex: 0,
        type: 'other',
      },
      {
        startTimeInFrames: 100,
        endTimeInFrames: 150,
        durationInFrames: 50,
        insertIndex: 2,
        type: 'other',
      },
      {
        startTimeInFrames: 200,
        endTimeInFrames: Infinity,
        durationInFrames: Infinity,
        insertIndex: 3,
        type: 'end',
      },
    ]);
    expect(findGaps([])).toHaveLength(1);
  });

  it('finds the gap containing a frame, else the nearest', () => {
    const gaps = findGaps(items);
    expect(nearestGap(gaps, 120).startTimeInFrames).toBe(100);
    expect(nearestGap(gaps, 70).startTimeInFrames).toBe(100);
    expect(nearestGap(gaps, 65).startTimeInFrames).toBe(0);
    expect(nearestGap(gaps, 40).startTimeInFrames).toBe(0);
    expect(nearestGap(gaps, 5000).type).toBe('end');
  });

  it('clamps a start into the gap, or null when it does not fit', () => {
    const [first, second, end] = findGaps(items);
    expect(clampIntoGap(second!, 140, 20)).toBe(130);
    expect(clampIntoGap(second!, 90, 20)).toBe(100);
    expect(clampIntoGap(first!, 0, 31)).toBeNull();
    expect(clampIntoGap(end!, 10, 1000)).toBe(200);
  });
});
