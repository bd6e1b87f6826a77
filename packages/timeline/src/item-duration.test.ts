import { describe, expect, it } from 'vitest';
import { totalDurationFrames } from './frames';
import {
  assetSourceFrames,
  itemDurationInFrames,
  placementDurationFrames,
  sourceWindow,
} from './item-duration';
import { asset, basic, item } from './test-builders';
import { findAsset, findItem, findTrack } from './timeline-lookup';

describe('item durations', () => {
  it('an asset’s media length in timeline frames, from its seconds or its frames and fps', () => {
    expect(assetSourceFrames(asset('a', 'video', 2), 30)).toBe(60);
    expect(
      assetSourceFrames(asset('a', 'video', undefined, { metadata: { frames: 48, fps: 24 } }), 30),
    ).toBe(60);
    expect(assetSourceFrames(asset('a', 'video'), 30)).toBeNull();
    expect(assetSourceFrames(asset('a', 'image', 2), 30)).toBeNull();
  });

  it('placement: an image 2 seconds, unknown media 30 frames, else the media length', () => {
    expect(placementDurationFrames(asset('i', 'image'), 30)).toBe(60);
    expect(placementDurationFrames(asset('v', 'video'), 30)).toBe(30);
    expect(placementDurationFrames(asset('v', 'audio', 1.5), 30)).toBe(45);
  });

  it('fallback order: explicit; image 2 s, logo 1.5 s; media from the trim ÷ speed; trim window ÷ speed; else 3 s', () => {
    const base = { type: 'video' as const, speed: 2, durationInFrames: Number.NaN };
    expect(itemDurationInFrames({ ...base, durationInFrames: 12 }, 30, undefined)).toBe(12);
    expect(itemDurationInFrames({ ...base, type: 'image' }, 30, asset('v', 'video', 10))).toBe(60);
    expect(itemDurationInFrames({ ...base, type: 'logo' }, 30, undefined)).toBe(45);
    expect(itemDurationInFrames(base, 30, asset('v', 'video', 10))).toBe(150);
    expect(
      itemDurationInFrames({ ...base, sourceTrimStartFrames: 100 }, 30, asset('v', 'video', 10)),
    ).toBe(100);
    expect(
      itemDurationInFrames(
        { ...base, sourceTrimStartFrames: 10, sourceTrimEndFrames: 50 },
        30,
        undefined,
      ),
    ).toBe(20);
    expect(itemDurationInFrames(base, 30, undefined)).toBe(90);
    expect(itemDurationInFrames({ ...base, durationInFrames: -5 }, 25, undefined)).toBe(75);
  });

  it('fills in the source window a stored item leaves out', () => {
    expect(sourceWindow(item('x', { durationInFrames: 30, speed: 2 }))).toEqual({
      start: 0,
      end: 60,
    });
    expect(sourceWindow(item('x', { sourceTrimStartFrames: 5, sourceTrimEndFrames: 9 }))).toEqual({
      start: 5,
      end: 9,
    });
  });

  it('the total duration is the last end, rounded up to a whole frame', () => {
    expect(totalDurationFrames(basic().tracks)).toBe(300);
    expect(
      totalDurationFrames([
        { id: 't', type: 'video', items: [item('x', { durationInFrames: 10.2 })] },
      ]),
    ).toBe(11);
    expect(totalDurationFrames([])).toBe(0);
  });
});

describe('lookups answer with the spec texts', () => {
  it('tracks, items and media assets', () => {
    const timeline = basic();
    expect(findTrack(timeline, 'main').ok).toBe(true);
    expect(findItem(timeline, 'B')).toMatchObject({
      ok: true,
      value: { trackIndex: 0, itemIndex: 1 },
    });
    expect(findTrack(timeline, 'x')).toEqual({
      ok: false,
      reason: { code: 'not_found', message: 'Track with ID x not found' },
    });
    expect(findItem(timeline, 'x')).toMatchObject({
      reason: { message: 'Timeline item with ID x not found' },
    });
    expect(findAsset(timeline, 'x')).toMatchObject({
      reason: { message: 'Media asset with ID x not found' },
    });
  });
});
