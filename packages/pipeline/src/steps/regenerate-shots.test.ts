import { LIMITS } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { clipSeconds } from './regenerate-shots';

describe('clipSeconds', () => {
  it("is the shot's voice-over length, at most the clip limit", () => {
    expect(clipSeconds(3.5)).toBe(3.5);
    expect(clipSeconds('4')).toBe(4);
    expect(clipSeconds(1e7)).toBe(LIMITS.shotClipSeconds);
  });

  it('is 5 s for a missing, broken or non-positive length', () => {
    for (const bad of [undefined, null, 'long', Number.NaN, Infinity, -2, 0])
      expect(clipSeconds(bad)).toBe(5);
  });
});
