import { describe, expect, it } from 'vitest';
import { fadeMultiplierAt, itemFades } from './fades';
import { IMAGE_MOTIONS, imageMotionAt, imageMotionFor, motionSourceRect } from './image-motion';

describe('image motion', () => {
  it('is linear in progress and clamped', () => {
    const zoomIn = IMAGE_MOTIONS[0]!;
    expect(imageMotionAt(zoomIn, 0).zoom).toBe(1);
    expect(imageMotionAt(zoomIn, 0.5).zoom).toBeCloseTo(1.05);
    expect(imageMotionAt(zoomIn, 2).zoom).toBe(1.1);
  });

  it('always keeps the picture filled (zoom ≥ 1, rectangle inside the picture)', () => {
    for (const motion of IMAGE_MOTIONS) {
      for (const p of [0, 0.25, 0.5, 1]) {
        const state = imageMotionAt(motion, p);
        expect(state.zoom).toBeGreaterThanOrEqual(1);
        const rect = motionSourceRect(state, 1920, 1080);
        expect(rect.x).toBeGreaterThanOrEqual(0);
        expect(rect.x + rect.width).toBeLessThanOrEqual(1920 + 1e-9);
        expect(rect.y + rect.height).toBeLessThanOrEqual(1080 + 1e-9);
      }
    }
  });

  it('picks the same motion for the same item', () => {
    expect(imageMotionFor('shot-7')).toBe(imageMotionFor('shot-7'));
    const picked = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(imageMotionFor));
    expect(picked.size).toBeGreaterThan(1);
  });
});

describe('fades and volume', () => {
  const window = { startFrame: 100, endFrame: 160 };

  it('limits each fade to half the item and drops zero fades', () => {
    expect(
      itemFades(
        [
          { type: 'fade-in', durationInFrames: 90 },
          { type: 'fade-out', durationInFrames: 0 },
        ],
        window,
      ),
    ).toEqual({ fadeIn: 30, fadeOut: 0 });
  });

  it('rises from 0 over the fade-in and falls over the fade-out', () => {
    const fades = { fadeIn: 10, fadeOut: 20 };
    expect(fadeMultiplierAt(fades, window, 100)).toBe(0);
    expect(fadeMultiplierAt(fades, window, 105)).toBe(0.5);
    expect(fadeMultiplierAt(fades, window, 120)).toBe(1);
    expect(fadeMultiplierAt(fades, window, 150)).toBe(0.5);
    expect(fadeMultiplierAt(fades, window, 159)).toBeCloseTo(0.05);
    expect(fadeMultiplierAt(fades, window, 160)).toBe(0);
  });
});
