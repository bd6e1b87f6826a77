import { describe, expect, it } from 'vitest';
import { withQuery } from './api-client';

describe('withQuery', () => {
  it('leaves the path alone without params', () => {
    expect(withQuery('/stories', {})).toBe('/stories');
    expect(withQuery('/stories', { cursor: null, category_id: undefined })).toBe('/stories');
  });

  it('encodes the defined params', () => {
    expect(withQuery('/stories/published', { cursor: 'a b', category_id: 'music_video' })).toBe(
      '/stories/published?cursor=a+b&category_id=music_video',
    );
  });

  it('skips empty strings', () => {
    expect(withQuery('/stories', { cursor: '' })).toBe('/stories');
  });
});
