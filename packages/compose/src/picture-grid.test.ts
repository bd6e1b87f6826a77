import { describe, expect, it } from 'vitest';
import {
  evenPixels,
  fittedPictureRect,
  frameCrop,
  movingPictureLayout,
  zoomedPictureSize,
} from './picture-grid';

describe('the picture grid', () => {
  it('rounds lengths to even pixels, at least 2', () => {
    expect(evenPixels(359.4)).toBe(360);
    expect(evenPixels(361)).toBe(362);
    expect(evenPixels(360.9)).toBe(360);
    expect(evenPixels(0.3)).toBe(2);
  });

  it('fits a picture at an even size on an even, centred offset', () => {
    expect(fittedPictureRect(800, 800, 640, 360)).toEqual({
      x: 140,
      y: 0,
      width: 360,
      height: 360,
    });
    // 1000×563 into 1280×720: 1278.86… wide → 1278, offset (1280 − 1278) / 2 = 1 → 0.
    expect(fittedPictureRect(1000, 563, 1280, 720)).toEqual({
      x: 0,
      y: 0,
      width: 1278,
      height: 720,
    });
    expect(fittedPictureRect(300, 1000, 1280, 720)).toEqual({
      x: 532,
      y: 0,
      width: 216,
      height: 720,
    });
  });

  it('covers the frame when asked: the overflow cut evenly from an even offset', () => {
    // 1280×720 into 1080×1920: 3413.3… wide → 3414, overflow 2334, cut from 1166 (even).
    const cover = fittedPictureRect(1280, 720, 1080, 1920, 'cover');
    expect(cover).toEqual({ x: -1166, y: 0, width: 3414, height: 1920 });
    expect(frameCrop(cover, { width: 1080, height: 1920 })).toEqual({
      x: 1166,
      y: 0,
      width: 1080,
      height: 1920,
    });
    // A square picture in a landscape frame: cut top and bottom.
    expect(fittedPictureRect(800, 800, 640, 360, 'cover')).toEqual({
      x: 0,
      y: -140,
      width: 640,
      height: 640,
    });
    // Same shape: cover and contain agree, and nothing is cut.
    const same = fittedPictureRect(1920, 1080, 1280, 720, 'cover');
    expect(same).toEqual(fittedPictureRect(1920, 1080, 1280, 720));
    expect(frameCrop(same, { width: 1280, height: 720 })).toBeNull();
    expect(
      frameCrop(fittedPictureRect(800, 800, 640, 360), { width: 640, height: 360 }),
    ).toBeNull();
  });

  it('zooms to even sizes, never below the fitted size', () => {
    expect(zoomedPictureSize({ width: 360, height: 360 }, 1.1)).toEqual({
      width: 396,
      height: 396,
    });
    expect(zoomedPictureSize({ width: 1278, height: 720 }, 1.05)).toEqual({
      width: 1340,
      height: 756,
    });
    expect(zoomedPictureSize({ width: 360, height: 360 }, 0.9)).toEqual({
      width: 360,
      height: 360,
    });
  });

  it('crops inside the zoomed picture on even pixels', () => {
    const layout = movingPictureLayout(
      { width: 800, height: 800 },
      { width: 640, height: 360 },
      { zoom: 1.08, panX: 1, panY: 0.5 },
    );
    // zoomed 388×388; crop x = 28.8 × 1 → 29 → 28 (even); y = 14.4 → 14.
    expect(layout).toEqual({
      fitted: { x: 140, y: 0, width: 360, height: 360 },
      zoomed: { width: 388, height: 388 },
      crop: { x: 28, y: 14 },
    });
    const beyond = movingPictureLayout(
      { width: 800, height: 800 },
      { width: 640, height: 360 },
      { zoom: 1.08, panX: 2, panY: -1 },
    );
    expect(beyond.crop).toEqual({ x: 28, y: 0 });
  });
});
