import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { insertAsset } from './insert-asset';
import {
  basic,
  counter,
  expectOk,
  expectRefused,
  layout,
  primaryOf,
  trackById,
} from './test-builders';
import { timelineViolations } from './invariants';

const newId = counter();

describe('insertAsset on an item (25 % / middle / 25 %)', () => {
  it('left quarter inserts before, later primary items shift', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'v4',
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.1 },
        newId: counter('x'),
      }),
    );
    expect(layout(primaryOf(result.timeline))).toEqual([
      'A@0+90',
      'x1@90+60',
      'B@150+90',
      'C@240+90',
    ]);
    expect(result.description).toBe('Insert item');
    expect(result.selection).toEqual(['x1']);
    expect(result.totalDurationInFrames).toBe(330);
  });

  it('right quarter inserts after', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'v4',
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.9 },
        newId: counter('x'),
      }),
    );
    expect(layout(primaryOf(result.timeline)).map((s) => s.split('@')[0])).toEqual([
      'A',
      'B',
      'x1',
      'C',
    ]);
  });

  it('the middle replaces the item, keeping its id, place and shot', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'v4',
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.5 },
        newId,
      }),
    );
    const replaced = primaryOf(result.timeline).items[1]!;
    expect(replaced).toMatchObject({
      id: 'B',
      mediaAssetId: 'v4',
      shotId: 'sB',
      durationInFrames: 60,
    });
    expect(result.description).toBe('Replace item');
    expect(result.shotChanges).toEqual([{ type: 'update', shotId: 'sB', itemId: 'B' }]);
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+90', 'B@90+60', 'C@150+90']);
  });

  it('an image replacing an item keeps the slot duration', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'i1',
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.5 },
        newId,
      }),
    );
    expect(primaryOf(result.timeline).items[1]).toMatchObject({
      type: 'image',
      durationInFrames: 90,
    });
  });

  it('a new primary item gets the asset’s shot (re-adding), or a new one', () => {
    const own = expectOk(
      insertAsset(basic(), {
        assetId: 'v4',
        target: { kind: 'item', itemId: 'C', pointerFraction: 1 },
        newId: counter('x'),
      }),
    );
    expect(primaryOf(own.timeline).items[3]!.shotId).toBe('sD');
    expect(own.shotChanges).toEqual([
      { type: 'add', shotId: 'sD', itemId: 'x1' },
      { type: 'reorder', order: ['sA', 'sB', 'sC', 'sD'] },
    ]);
    const fresh = expectOk(
      insertAsset(basic(), {
        assetId: 'v1',
        target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
        newId: counter('x'),
      }),
    );
    expect(primaryOf(fresh.timeline).items[0]).toMatchObject({ id: 'x1', shotId: 'x2' });
  });

  it('on a free track: before/after the item when the space is enough, refused otherwise', () => {
    const timeline = basic();
    const spaced = {
      ...timeline,
      tracks: [
        timeline.tracks[0]!,
        {
          ...timeline.tracks[1]!,
          items: [{ ...timeline.tracks[1]!.items[0]!, startTimeInFrames: 200 }],
        },
      ],
    };
    const before = expectOk(
      insertAsset(spaced, {
        assetId: 'm2',
        target: { kind: 'item', itemId: 'M', pointerFraction: 0.1 },
        newId: counter('x'),
      }),
    );
    expect(layout(trackById(before.timeline, 'music'))).toEqual(['x1@50+150', 'M@200+300']);
    const tooLong = expectRefused(
      insertAsset(spaced, {
        assetId: 'm1',
        target: { kind: 'item', itemId: 'M', pointerFraction: 0.1 },
        newId,
      }),
    );
    expect(tooLong).toMatchObject({
      code: 'insufficient_space',
      message: MESSAGES.editor.notEnoughSpace,
      details: { required: 1800, available: 200 },
    });
    const after = expectOk(
      insertAsset(spaced, {
        assetId: 'm1',
        target: { kind: 'item', itemId: 'M', pointerFraction: 0.8 },
        newId: counter('x'),
      }),
    );
    expect(layout(trackById(after.timeline, 'music'))).toEqual(['M@200+300', 'x1@500+1800']);
  });

  it('refuses assets the track does not take, and file assets', () => {
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'm1',
          target: { kind: 'item', itemId: 'A', pointerFraction: 0.5 },
          newId,
        }),
      ).message,
    ).toBe('Only video and image files are allowed');
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'v1',
          target: { kind: 'item', itemId: 'M', pointerFraction: 0.5 },
          newId,
        }),
      ).message,
    ).toBe('Only audio files are allowed');
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'f1',
          target: { kind: 'item', itemId: 'A', pointerFraction: 0.5 },
          newId,
        }),
      ).message,
    ).toBe('Not supported');
  });

  it('answers the lookup errors with the spec texts', () => {
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'nope',
          target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
          newId,
        }),
      ).message,
    ).toBe('Media asset with ID nope not found');
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'v1',
          target: { kind: 'item', itemId: 'Z', pointerFraction: 0 },
          newId,
        }),
      ).message,
    ).toBe('Timeline item with ID Z not found');
    expect(
      expectRefused(
        insertAsset(basic(), {
          assetId: 'v1',
          target: { kind: 'track', trackId: 'T', frame: 0 },
          newId,
        }),
      ).message,
    ).toBe('Track with ID T not found');
  });
});

describe('insertAsset on a track at a frame', () => {
  it('primary: inserts at the nearest item boundary', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'i1',
        target: { kind: 'track', trackId: 'main', frame: 100 },
        newId: counter('x'),
      }),
    );
    expect(layout(primaryOf(result.timeline))).toEqual([
      'A@0+90',
      'x1@90+60',
      'B@150+90',
      'C@240+90',
    ]);
  });

  it('free track: clamps the position into the gap; refuses when longer than the gap', () => {
    const timeline = basic();
    const tracks = [
      timeline.tracks[0]!,
      {
        ...timeline.tracks[1]!,
        items: [
          { ...timeline.tracks[1]!.items[0]!, durationInFrames: 100 },
          {
            ...timeline.tracks[1]!.items[0]!,
            id: 'M2',
            startTimeInFrames: 400,
            durationInFrames: 100,
          },
        ],
      },
    ];
    const spaced = { ...timeline, tracks };
    const clamped = expectOk(
      insertAsset(spaced, {
        assetId: 'm2',
        target: { kind: 'track', trackId: 'music', frame: 390 },
        newId: counter('x'),
      }),
    );
    expect(layout(trackById(clamped.timeline, 'music'))).toEqual([
      'M@0+100',
      'x1@250+150',
      'M2@400+100',
    ]);
    expect(
      expectRefused(
        insertAsset(spaced, {
          assetId: 'm1',
          target: { kind: 'track', trackId: 'music', frame: 150 },
          newId,
        }),
      ).code,
    ).toBe('insufficient_space');
    expect(
      expectRefused(
        insertAsset(spaced, {
          assetId: 'm2',
          target: { kind: 'track', trackId: 'music', frame: -1 },
          newId,
        }),
      ).message,
    ).toBe(MESSAGES.editor.invalidPosition);
  });

  it('an asset of unknown duration counts 30 frames; an image 2 seconds', () => {
    const unknown = expectOk(
      insertAsset(basic(), {
        assetId: 'vx',
        target: { kind: 'track', trackId: 'main', frame: 270 },
        newId: counter('x'),
      }),
    );
    expect(primaryOf(unknown.timeline).items[3]).toMatchObject({
      durationInFrames: 30,
      sourceTrimStartFrames: 0,
      sourceTrimEndFrames: 30,
    });
    const image = expectOk(
      insertAsset(basic(), {
        assetId: 'i1',
        target: { kind: 'track', trackId: 'main', frame: 270 },
        newId: counter('x'),
      }),
    );
    expect(primaryOf(image.timeline).items[3]).toMatchObject({
      type: 'image',
      durationInFrames: 60,
    });
    expect(primaryOf(image.timeline).items[3]!.sourceTrimEndFrames).toBeUndefined();
  });
});

describe('insertAsset on a new track (empty track or insertion strip)', () => {
  it('creates the track at the strip position with the asset at the frame', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'vo1',
        target: { kind: 'new-track', index: 1, frame: 45 },
        newId: counter('x'),
      }),
    );
    expect(result.timeline.tracks.map((t) => t.id)).toEqual(['main', 'x1', 'music']);
    expect(result.timeline.tracks[1]).toMatchObject({
      type: 'audio',
      subtype: 'voiceover',
      name: 'Voiceover',
    });
    expect(layout(result.timeline.tracks[1]!)).toEqual(['x2@45+120']);
    expect(result.description).toBe('Add track');
  });

  it('the first video track of a timeline becomes primary, from frame 0, with a shot', () => {
    const empty = { ...basic(), tracks: [] };
    const result = expectOk(
      insertAsset(empty, {
        assetId: 'v1',
        target: { kind: 'new-track', index: 0, frame: 99 },
        newId: counter('x'),
      }),
    );
    expect(result.timeline.tracks[0]).toMatchObject({ isPrimary: true, type: 'video' });
    expect(layout(result.timeline.tracks[0]!)).toEqual(['x2@0+300']);
    expect(result.shotChanges[0]).toEqual({ type: 'add', shotId: 'x3', itemId: 'x2' });
    expect(timelineViolations(result.timeline)).toEqual([]);
  });

  it('a second video track is free, not primary', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'v1',
        target: { kind: 'new-track', index: 0, frame: 30 },
        newId: counter('x'),
      }),
    );
    expect(result.timeline.tracks[0]).toMatchObject({ isPrimary: false });
    expect(primaryOf(result.timeline).id).toBe('main');
    expect(layout(result.timeline.tracks[0]!)).toEqual(['x2@30+300']);
  });
});
