import { describe, expect, it } from 'vitest';
import { trimHandleWidth } from './timeline-view';

describe('trim handles', () => {
  it('are 8 px on a wide item', () => {
    expect(trimHandleWidth(200)).toBe(8);
    expect(trimHandleWidth(32)).toBe(8);
  });

  it('leave the middle half of a narrow item to press for a move', () => {
    for (const width of [2, 4, 6, 10, 16, 24, 31]) {
      const handle = trimHandleWidth(width);
      expect(handle).toBeGreaterThanOrEqual(1);
      if (width >= 4) expect(2 * handle).toBeLessThanOrEqual(width / 2);
    }
  });
});
