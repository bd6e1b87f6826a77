import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [4.4, '0:04'],
    [59.6, '1:00'],
    [75, '1:15'],
    [3599, '59:59'],
    [3661, '1:01:01'],
  ])('formats %d s as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('is null when unknown', () => {
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });
});
