import { describe, expect, it } from 'vitest';
import { formatStoryDate, formatStoryDateTime } from './format-date';

describe('formatStoryDateTime', () => {
  it('uses en-US with a 24-hour clock', () => {
    expect(formatStoryDateTime('2025-03-05T14:07:00.000Z', 'UTC')).toBe('Mar 5, 2025, 14:07');
    expect(formatStoryDateTime('2025-03-05T00:30:00.000Z', 'UTC')).toBe('Mar 5, 2025, 00:30');
  });

  it('follows the time zone', () => {
    expect(formatStoryDateTime('2025-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe(
      'Mar 6, 2025, 08:30',
    );
  });

  it('is empty for unparsable dates', () => {
    expect(formatStoryDateTime('nope')).toBe('');
  });
});

describe('formatStoryDate', () => {
  it('shows the date alone', () => {
    expect(formatStoryDate('2025-12-31T22:00:00.000Z', 'UTC')).toBe('Dec 31, 2025');
    expect(formatStoryDate('')).toBe('');
  });
});
