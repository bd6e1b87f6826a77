import { describe, expect, it } from 'vitest';
import { previewNeighbours } from './preview-neighbours';

const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('previewNeighbours', () => {
  it('moves through the loaded list', () => {
    expect(previewNeighbours(list, 'a')).toEqual({ index: 0, previous: undefined, next: list[1] });
    expect(previewNeighbours(list, 'b')).toEqual({ index: 1, previous: list[0], next: list[2] });
    expect(previewNeighbours(list, 'c')).toEqual({ index: 2, previous: list[1], next: undefined });
  });

  it('has no neighbours for a story outside the list', () => {
    expect(previewNeighbours(list, 'z')).toEqual({
      index: -1,
      previous: undefined,
      next: undefined,
    });
    expect(previewNeighbours(list, null).index).toBe(-1);
  });
});
