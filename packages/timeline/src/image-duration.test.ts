import { describe, expect, it } from 'vitest';
import { setImageDuration } from './image-duration';
import {
  clip,
  expectOk,
  expectRefused,
  layout,
  primaryOf,
  timelineOf,
  track,
  ASSETS,
} from './test-builders';

const withImage = () =>
  timelineOf(
    [
      track(
        'main',
        'video',
        [
          clip('A', 'v1', 0, 90, { shotId: 'sA' }),
          clip('P', 'i1', 90, 60, {
            type: 'image',
            shotId: 'sP',
            effects: [{ type: 'fade-in', durationInFrames: 30 }],
          }),
          clip('C', 'v3', 150, 90, { shotId: 'sC' }),
        ],
        { isPrimary: true },
      ),
    ],
    ASSETS,
  );

describe('setImageDuration', () => {
  it('sets an image to a number of seconds; later items shift; fades fit in half', () => {
    const result = expectOk(setImageDuration(withImage(), { itemId: 'P', seconds: 0.5 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+90', 'P@90+15', 'C@105+90']);
    expect(primaryOf(result.timeline).items[1]!.effects).toEqual([
      { type: 'fade-in', durationInFrames: 7 },
    ]);
    expect(result.description).toBe('Change image duration');
  });

  it('keeps to 0.1–10 seconds', () => {
    const long = expectOk(setImageDuration(withImage(), { itemId: 'P', seconds: 60 }));
    expect(primaryOf(long.timeline).items[1]!.durationInFrames).toBe(300);
    const short = expectOk(setImageDuration(withImage(), { itemId: 'P', seconds: 0 }));
    expect(primaryOf(short.timeline).items[1]!.durationInFrames).toBeCloseTo(3);
  });

  it('is for pictures only, and ignores no change', () => {
    expect(expectRefused(setImageDuration(withImage(), { itemId: 'A', seconds: 2 })).code).toBe(
      'not_supported',
    );
    expect(expectRefused(setImageDuration(withImage(), { itemId: 'P', seconds: 2 })).code).toBe(
      'ignored',
    );
    const nan = setImageDuration(withImage(), { itemId: 'P', seconds: Number.NaN });
    expect(expectRefused(nan).code).toBe('invalid_value');
  });
});
