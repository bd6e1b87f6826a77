import { describe, expect, it } from 'vitest';
import {
  communityColumnCount,
  communityInitialSkeletonCount,
  communityNextPageSkeletonCount,
  MY_STORIES_SKELETONS,
} from './grid-layout';

describe('community grid', () => {
  it.each([
    [320, 2, 6],
    [767, 2, 6],
    [768, 3, 9],
    [1023, 3, 9],
    [1024, 4, 12],
    [1279, 4, 12],
    [1280, 5, 12],
    [2560, 5, 12],
  ])('at %ipx has %i columns and %i first-load skeletons', (width, columns, skeletons) => {
    expect(communityColumnCount(width)).toBe(columns);
    expect(communityInitialSkeletonCount(width)).toBe(skeletons);
  });

  it('shows one row of skeletons while the next page loads', () => {
    expect(communityNextPageSkeletonCount(1280)).toBe(5);
    expect(communityNextPageSkeletonCount(400)).toBe(2);
  });

  it('never shows fewer first-load skeletons than columns', () => {
    for (let width = 200; width <= 3000; width += 37) {
      expect(communityInitialSkeletonCount(width)).toBeGreaterThanOrEqual(
        communityColumnCount(width),
      );
    }
  });
});

describe('my stories skeletons', () => {
  it('are 8 on first load and 4 for the next page', () => {
    expect(MY_STORIES_SKELETONS).toEqual({ initial: 8, nextPage: 4 });
  });
});
