import { describe, expect, it } from 'vitest';
import { shotMediaResources, type ShotsMap } from '@storyloom/core';
import { buildTimelineFromShots } from './build-timeline';
import { timelineViolations } from './invariants';
import { setShotMedia } from './shot-media';
import { ASSETS, asset, expectRefused, primaryOf } from './test-builders';

const shots: ShotsMap = {
  s1: { shot_id: 's1', shot_type: 'manual', lexorank: 'a', active_image_id: 'i1' },
  s2: { shot_id: 's2', shot_type: 'manual', lexorank: 'b' },
};

function start() {
  const built = buildTimelineFromShots({ shotsMap: shots, mediaAssets: ASSETS });
  if (!built.ok) throw new Error(built.reason.message);
  return { shotsMap: shots, timeline: built.timeline };
}

describe('setShotMedia', () => {
  it('makes a new picture active: the asset joins once, the placeholder is replaced', () => {
    const picture = asset('i2', 'image', undefined, { shot_id: 's2' });
    const result = setShotMedia(start(), [picture]);
    if (!result.ok) throw new Error(result.reason.message);
    expect(result.shotsMap.s2).toMatchObject({ active_image_id: 'i2', retried: false });
    expect(result.changedShotIds).toEqual(['s2']);
    expect(primaryOf(result.timeline).items.map((i) => [i.shotId, i.type, i.mediaAssetId])).toEqual(
      [
        ['s1', 'image', 'i1'],
        ['s2', 'image', 'i2'],
      ],
    );
    expect(result.timeline.mediaAssets.filter((a) => a.id === 'i2')).toHaveLength(1);
    expect(timelineViolations(result.timeline)).toEqual([]);
    // Picking it again changes nothing more.
    const again = setShotMedia(result, [picture]);
    if (!again.ok) throw new Error(again.reason.message);
    expect(again.timeline.mediaAssets).toHaveLength(result.timeline.mediaAssets.length);
  });

  it('a clip takes the place of the picture and drops its end-frame reference', () => {
    const clipAsset = asset('v9', 'video', 3, { shot_id: 's1', end_frame_reference_image: 'x' });
    const result = setShotMedia(start(), [clipAsset]);
    if (!result.ok) throw new Error(result.reason.message);
    expect(primaryOf(result.timeline).items[0]).toMatchObject({
      type: 'video',
      mediaAssetId: 'v9',
    });
    expect(result.timeline.mediaAssets.find((a) => a.id === 'v9')?.end_frame_reference_image).toBe(
      null,
    );
  });

  it('refuses an asset of no shot of the storyboard', () => {
    expect(
      expectRefused(setShotMedia(start(), [asset('i3', 'image', undefined, { shot_id: 'nope' })]))
        .message,
    ).toBe('Shot with ID nope not found');
  });
});

describe('shotMediaResources', () => {
  it("lists a shot's own assets by kind, without deleted ones", () => {
    const assets = [
      asset('a', 'image', undefined, { shot_id: 's1' }),
      asset('b', 'image', undefined, { shot_id: 's2' }),
      asset('c', 'video', 2, { shot_id: 's1' }),
      asset('d', 'audio', 2, { shot_id: 's1', subtype: 'voiceover' }),
      asset('e', 'image', undefined, { shot_id: 's1', is_deleted: true }),
    ];
    const resources = shotMediaResources(assets, 's1');
    expect({
      images: resources.images.map((a) => a.id),
      videos: resources.videos.map((a) => a.id),
      audio: resources.audio.map((a) => a.id),
    }).toEqual({ images: ['a'], videos: ['c'], audio: ['d'] });
  });
});
