import { describe, expect, it } from 'vitest';
import { assetDropMode, itemDropMode } from './drop-mode';
import { multiDragPreview, parseDragPayload } from './drag-payload';

describe('drop modes', () => {
  it('assets: left 25 % before, right 25 % after, middle replaces', () => {
    expect([0, 0.24, 0.25, 0.5, 0.75, 0.76, 1].map(assetDropMode)).toEqual([
      'before',
      'before',
      'replace',
      'replace',
      'replace',
      'after',
      'after',
    ]);
  });

  it('items, groups and multi-selections: halves', () => {
    expect([0, 0.49, 0.5, 1].map(itemDropMode)).toEqual(['before', 'before', 'after', 'after']);
  });
});

describe('drag payloads', () => {
  it('reads the three sources', () => {
    expect(
      parseDragPayload({ source: 'media-asset', mediaAssetId: 'a', mediaAssetType: 'video' }),
    ).toEqual({
      source: 'media-asset',
      mediaAssetId: 'a',
      mediaAssetType: 'video',
    });
    expect(
      parseDragPayload(
        JSON.stringify({ source: 'timeline-item', timelineItemId: 'i', trackId: 't' }),
      ),
    ).toMatchObject({ source: 'timeline-item' });
    expect(
      parseDragPayload({ source: 'timeline-group', groupId: 'g', selectedItemIds: ['a', 'b'] }),
    ).toMatchObject({ source: 'timeline-group', selectedItemIds: ['a', 'b'] });
  });

  it('ignores payloads with a missing source or missing ids', () => {
    expect(parseDragPayload({ mediaAssetId: 'a', mediaAssetType: 'video' })).toBeNull();
    expect(parseDragPayload({ source: 'media-asset', mediaAssetType: 'video' })).toBeNull();
    expect(parseDragPayload({ source: 'timeline-item', timelineItemId: 'i' })).toBeNull();
    expect(
      parseDragPayload({ source: 'timeline-group', groupId: 'g', selectedItemIds: [] }),
    ).toBeNull();
    expect(parseDragPayload('not json')).toBeNull();
    expect(parseDragPayload(null)).toBeNull();
  });

  it('previews at most 5 thumbnails plus a count', () => {
    expect(multiDragPreview([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(multiDragPreview([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });
});
