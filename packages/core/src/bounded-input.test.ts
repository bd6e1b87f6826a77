import { describe, expect, it } from 'vitest';
import { parseBoundedInput } from './bounded-input';
import { CAPTION_BOUNDS } from './caption-style';

describe('parseBoundedInput', () => {
  const weight = {
    min: CAPTION_BOUNDS.fontWeight.min,
    max: CAPTION_BOUNDS.fontWeight.max,
    multipleOf: CAPTION_BOUNDS.fontWeight.step,
  };
  it('applies a value within the bounds and on the step grid', () => {
    expect(parseBoundedInput('400', weight)).toBe(400);
    expect(parseBoundedInput(' 900 ', weight)).toBe(900);
    expect(parseBoundedInput('10', { min: 10, max: 100 })).toBe(10);
  });
  it('refuses empty, non-numbers, out-of-bounds and off-grid values', () => {
    for (const text of ['', '  ', 'abc', '1e999', '50', '1000', '450'])
      expect(parseBoundedInput(text, weight)).toBeNull();
    expect(parseBoundedInput('9', { min: 10, max: 100 })).toBeNull();
  });
});
