import { describe, expect, it } from 'vitest';
import { cardProgress } from './card-progress';

const base = { previous: undefined, elapsedSeconds: 0, durationSeconds: null };

describe('cardProgress', () => {
  it('starts at the status floor, or 2 without one', () => {
    expect(cardProgress({ ...base, status: null })).toBe(2);
    expect(cardProgress({ ...base, status: 'processing:generating_images' })).toBe(50);
    expect(cardProgress({ ...base, status: 'processing:generating_timeline' })).toBe(30);
    expect(cardProgress({ ...base, status: 'processing:user_exporting_video' })).toBe(75);
    expect(cardProgress({ ...base, status: 'completed' })).toBe(100);
  });

  it('climbs with time to 95 at the estimate and stays below 100', () => {
    expect(cardProgress({ ...base, status: null, elapsedSeconds: 30 })).toBe(95);
    expect(cardProgress({ ...base, status: null, elapsedSeconds: 12, durationSeconds: 20 })).toBe(
      95,
    );
    expect(cardProgress({ ...base, status: 'pending', elapsedSeconds: 10_000 })).toBe(99);
  });

  it('never decreases, even when the status goes to a lower floor', () => {
    let previous: number | undefined;
    const statuses = [
      'processing:user_exporting_video',
      'processing:generating_timeline',
      'processing:generating_images',
    ];
    for (const [index, status] of statuses.entries()) {
      const next = cardProgress({ status, previous, elapsedSeconds: index, durationSeconds: 60 });
      expect(next).toBeGreaterThanOrEqual(previous ?? 0);
      previous = next;
    }
    expect(previous).toBe(75);
  });
});
