import { describe, expect, it } from 'vitest';
import { withThumbnailHistory } from './story-service';

describe('withThumbnailHistory', () => {
  it('puts the replaced thumbnail first and keeps the other metadata', () => {
    expect(withThumbnailHistory({ duration: 3 }, '/a.jpg', '/b.jpg')).toEqual({
      duration: 3,
      thumbnail_history: ['/a.jpg'],
    });
  });

  it('drops the new thumbnail, duplicates and nothing, and keeps at most 10', () => {
    const history = Array.from({ length: 12 }, (_, i) => `/${i}.jpg`);
    const next = withThumbnailHistory({ thumbnail_history: history }, '/3.jpg', '/0.jpg');
    expect(next.thumbnail_history).toEqual([
      '/3.jpg',
      '/1.jpg',
      '/2.jpg',
      '/4.jpg',
      '/5.jpg',
      '/6.jpg',
      '/7.jpg',
      '/8.jpg',
      '/9.jpg',
      '/10.jpg',
    ]);
    expect(withThumbnailHistory({}, null, '/x.jpg')).toEqual({ thumbnail_history: [] });
  });
});
