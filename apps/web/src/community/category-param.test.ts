import { describe, expect, it } from 'vitest';
import { parseCategoryParam } from './category-param';

describe('parseCategoryParam', () => {
  it('accepts the category ids', () => {
    expect(parseCategoryParam('music_video')).toBe('music_video');
    expect(parseCategoryParam('create_from_scratch')).toBe('create_from_scratch');
  });

  it('treats anything else as All', () => {
    expect(parseCategoryParam(null)).toBeNull();
    expect(parseCategoryParam('')).toBeNull();
    expect(parseCategoryParam('lyrics_video')).toBeNull();
  });
});
