import { describe, expect, it } from 'vitest';
import { deleteItems } from './delete-items';
import { addMediaAsset, isAssetInUse, removeMediaAsset } from './media-assets';
import {
  ASSETS,
  asset,
  basic,
  clip,
  expectOk,
  expectRefused,
  item,
  layout,
  primaryOf,
  timelineOf,
  track,
  trackById,
  withVoice,
} from './test-builders';

describe('deleteItems', () => {
  it('removes the item, closes up the primary track, clears selection and reports the shot', () => {
    const result = expectOk(deleteItems(basic(), { selection: { kind: 'item', itemId: 'A' } }));
    expect(layout(primaryOf(result.timeline))).toEqual(['B@0+90', 'C@90+90']);
    expect(result.selection).toEqual([]);
    expect(result.shotChanges).toEqual([{ type: 'remove', shotId: 'sA' }]);
    expect(result.description).toBe('Delete item');
    expect(result.totalDurationInFrames).toBe(300);
  });

  it('recomputes the total duration', () => {
    const result = expectOk(deleteItems(basic(), { selection: { kind: 'item', itemId: 'M' } }));
    expect(result.totalDurationInFrames).toBe(270);
    expect(result.timeline.tracks.map((t) => t.id)).toEqual(['main']);
  });

  it('removes a multi-selection and a group', () => {
    const multi = expectOk(
      deleteItems(basic(), { selection: { kind: 'items', itemIds: ['A', 'C'] } }),
    );
    expect(layout(primaryOf(multi.timeline))).toEqual(['B@0+90']);
    const timeline = basic();
    const grouped = {
      ...timeline,
      tracks: timeline.tracks.map((t) => ({
        ...t,
        items: t.items.map((i) => (i.id === 'B' || i.id === 'M' ? { ...i, groupId: 'g' } : i)),
      })),
    };
    const group = expectOk(deleteItems(grouped, { selection: { kind: 'group', groupId: 'g' } }));
    expect(group.timeline.tracks.map((t) => t.id)).toEqual(['main']);
    expect(layout(primaryOf(group.timeline))).toEqual(['A@0+90', 'C@90+90']);
  });

  it('deleting a primary item in the complex scenario takes its voice-over along', () => {
    const result = expectOk(deleteItems(withVoice(), { selection: { kind: 'item', itemId: 'B' } }));
    expect(layout(trackById(result.timeline, 'voice'))).toEqual(['VA@0+60', 'VC@90+60']);
  });

  it('deleting the last caption prunes the empty caption track', () => {
    const timeline = timelineOf(
      [
        track('main', 'video', [clip('A', 'v1', 0, 90)], { isPrimary: true }),
        track('cap', 'caption', [item('c1', { type: 'caption', durationInFrames: 20 })]),
      ],
      ASSETS,
    );
    const result = expectOk(deleteItems(timeline, { selection: { kind: 'item', itemId: 'c1' } }));
    expect(result.timeline.tracks.map((t) => t.id)).toEqual(['main']);
  });

  it('answers unknown ids with the spec texts', () => {
    expect(
      expectRefused(deleteItems(basic(), { selection: { kind: 'item', itemId: 'Q' } })).message,
    ).toBe('Timeline item with ID Q not found');
  });
});

describe('media assets', () => {
  it('refuses to remove an asset in use, with the message for its kind', () => {
    const timeline = timelineOf(
      [
        track(
          'main',
          'video',
          [clip('A', 'v1', 0, 90), item('I', { type: 'image', mediaAssetId: 'i1' })],
          {
            isPrimary: true,
          },
        ),
        track('music', 'audio', [clip('M', 'm1', 0, 30, { type: 'audio' })]),
      ],
      ASSETS,
    );
    expect(expectRefused(removeMediaAsset(timeline, { assetId: 'v1' })).message).toBe(
      'This video is in use and cannot be deleted.',
    );
    expect(expectRefused(removeMediaAsset(timeline, { assetId: 'i1' })).message).toBe(
      'This image is in use and cannot be deleted.',
    );
    expect(expectRefused(removeMediaAsset(timeline, { assetId: 'm1' })).message).toBe(
      "You can't delete this asset as it's currently in used in the timeline.",
    );
    expect(expectRefused(removeMediaAsset(timeline, { assetId: 'zz' })).message).toBe(
      'Media asset with ID zz not found',
    );
    const removed = removeMediaAsset(timeline, { assetId: 'v2' });
    expect(removed.ok && removed.timeline.mediaAssets.some((a) => a.id === 'v2')).toBe(false);
    expect(isAssetInUse(timeline, 'v1')).toBe(true);
  });

  it('adds or replaces an asset by id', () => {
    const added = addMediaAsset(basic(), asset('new', 'image'));
    expect(added.timeline.mediaAssets.at(-1)!.id).toBe('new');
    const replaced = addMediaAsset(
      added.timeline,
      asset('new', 'image', undefined, { title: 'T' }),
    );
    expect(replaced.timeline.mediaAssets.filter((a) => a.id === 'new')).toEqual([
      asset('new', 'image', undefined, { title: 'T' }),
    ]);
  });
});
