import { describe, expect, it } from 'vitest';
import { fadeBounds, parseBoundedNumber, PROPERTY_BOUNDS } from './property-bounds';

describe('property bounds (spec 3 §5)', () => {
  it('are the spec’s', () => {
    expect(PROPERTY_BOUNDS.volume).toEqual({ min: 0, max: 1, step: 0.05 });
    expect(PROPERTY_BOUNDS.speed).toEqual({ min: 0.5, max: 2, step: 0.25 });
    expect(PROPERTY_BOUNDS.imageDuration).toEqual({ min: 0.1, max: 10, step: 0.1 });
  });

  it('lets a fade last at most half the item, in steps of 0.05 s', () => {
    expect(fadeBounds(90, 30)).toEqual({ min: 0, max: 1.5, step: 0.05 });
    expect(fadeBounds(100, 30).max).toBe(1.65);
    expect(fadeBounds(0, 30).max).toBe(0);
  });

  it('reads a typed value only when it is a number within the bounds', () => {
    expect(parseBoundedNumber('1.5', PROPERTY_BOUNDS.speed)).toBe(1.5);
    expect(parseBoundedNumber(' 2 ', PROPERTY_BOUNDS.speed)).toBe(2);
    expect(parseBoundedNumber('2.01', PROPERTY_BOUNDS.speed)).toBeNull();
    expect(parseBoundedNumber('0.4', PROPERTY_BOUNDS.speed)).toBeNull();
    expect(parseBoundedNumber('fast', PROPERTY_BOUNDS.speed)).toBeNull();
    expect(parseBoundedNumber('', PROPERTY_BOUNDS.speed)).toBeNull();
    expect(parseBoundedNumber('1e3', PROPERTY_BOUNDS.speed)).toBeNull();
    expect(parseBoundedNumber('55%', PROPERTY_BOUNDS.volume, 100)).toBe(0.55);
    expect(parseBoundedNumber('120', PROPERTY_BOUNDS.volume, 100)).toBeNull();
    expect(parseBoundedNumber('-5', PROPERTY_BOUNDS.volume, 100)).toBeNull();
    expect(parseBoundedNumber('0.05s', PROPERTY_BOUNDS.imageDuration)).toBeNull();
    expect(parseBoundedNumber('10 s', PROPERTY_BOUNDS.imageDuration)).toBe(10);
  });
});
