import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { timelineViolations } from './invariants';
import { moveItems } from './move-items';
import {
  basic,
  clip,
  counter,
  expectOk,
  expectRefused,
  layout,
  primaryOf,
  track,
  trackById,
  withVoice,
} from './test-builders';

const newId = counter('x');

function withOverlayTrack() {
  const timeline = basic();
  return {
    ...timeline,
    tracks: [
      ...timeline.tracks,
      track('overlay', 'video', [
        clip('O1', 'v1', 0, 30),
        clip('O2', 'v2', 30, 30),
        clip('O3', 'v3', 200, 30),
      ]),
    ],
  };
}

describe('moving on the primary track', () => {
  it('reorders by halves of the target and repacks', () => {
    const after = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'A' },
        target: { kind: 'item', itemId: 'C', pointerFraction: 0.7 },
        newId,
      }),
    );
    expect(layout(primaryOf(after.timeline))).toEqual(['B@0+90', 'C@90+90', 'A@180+90']);
    expect(after.shotChanges).toEqual([{ type: 'reorder', order: ['sB', 'sC', 'sA'] }]);
    expect(after.description).toBe('Move item');
    const before = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'C' },
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.2 },
        newId,
      }),
    );
    expect(layout(primaryOf(before.timeline)).map((s) => s[0])).toEqual(['A', 'C', 'B']);
  });

  it('dropping onto itself is ignored', () => {
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'A' },
          target: { kind: 'item', itemId: 'A', pointerFraction: 0.9 },
          newId,
        }),
      ).code,
    ).toBe('ignored');
  });

  it('moves a contiguous multi-selection; refuses a non-contiguous one', () => {
    const moved = expectOk(
      moveItems(basic(), {
        selection: { kind: 'items', itemIds: ['B', 'C'] },
        target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
        newId,
      }),
    );
    expect(layout(primaryOf(moved.timeline)).map((s) => s[0])).toEqual(['B', 'C', 'A']);
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'items', itemIds: ['A', 'C'] },
          target: { kind: 'item', itemId: 'B', pointerFraction: 1 },
          newId,
        }),
      ).message,
    ).toBe(MESSAGES.editor.selectionNotContiguous);
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'items', itemIds: ['A', 'M'] },
          target: { kind: 'item', itemId: 'B', pointerFraction: 1 },
          newId,
        }),
      ).code,
    ).toBe('not_contiguous');
  });

  it('frame moves: must land on an item boundary or 0, ignored within 10 frames, never negative', () => {
    const toEnd = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'A' },
        target: { kind: 'frame', frame: 270 },
        newId,
      }),
    );
    expect(layout(primaryOf(toEnd.timeline)).map((s) => s[0])).toEqual(['B', 'C', 'A']);
    const toZero = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'C' },
        target: { kind: 'frame', frame: 0 },
        newId,
      }),
    );
    expect(layout(primaryOf(toZero.timeline)).map((s) => s[0])).toEqual(['C', 'A', 'B']);
    const middle = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'C' },
        target: { kind: 'frame', frame: 90 },
        newId,
      }),
    );
    expect(layout(primaryOf(middle.timeline)).map((s) => s[0])).toEqual(['A', 'C', 'B']);
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'B' },
          target: { kind: 'frame', frame: 180 },
          newId,
        }),
      ).code,
    ).toBe('ignored');
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'C' },
          target: { kind: 'frame', frame: 171 },
          newId,
        }),
      ).code,
    ).toBe('ignored');
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'C' },
          target: { kind: 'frame', frame: 100 },
          newId,
        }),
      ).message,
    ).toBe(MESSAGES.editor.notOnItemBoundary);
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'C' },
          target: { kind: 'frame', frame: -5 },
          newId,
        }),
      ).message,
    ).toBe(MESSAGES.editor.invalidPosition);
  });

  it('moves only between tracks of the same type', () => {
    expect(
      expectRefused(
        moveItems(basic(), {
          selection: { kind: 'item', itemId: 'M' },
          target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
          newId,
        }),
      ).message,
    ).toBe('Not allowed');
  });
});

describe('the complex scenario (voice-over track)', () => {
  it('voice-over items of a moved shot move with it', () => {
    const moved = expectOk(
      moveItems(withVoice(), {
        selection: { kind: 'item', itemId: 'A' },
        target: { kind: 'item', itemId: 'C', pointerFraction: 1 },
        newId,
      }),
    );
    expect(layout(trackById(moved.timeline, 'voice'))).toEqual([
      'VB@0+60',
      'VC@90+60',
      'VA@180+60',
    ]);
    expect(timelineViolations(moved.timeline)).toEqual([]);
  });

  it('in the simple scenario other audio stays where it is', () => {
    const moved = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'A' },
        target: { kind: 'item', itemId: 'C', pointerFraction: 1 },
        newId,
      }),
    );
    expect(layout(trackById(moved.timeline, 'music'))).toEqual(['M@0+300']);
  });

  it('group members on other tracks follow the primary item', () => {
    const timeline = basic();
    const grouped = {
      ...timeline,
      tracks: [
        {
          ...timeline.tracks[0]!,
          items: timeline.tracks[0]!.items.map((i) => (i.id === 'A' ? { ...i, groupId: 'g' } : i)),
        },
        track('sfx', 'audio', [clip('S', 'm2', 10, 30, { type: 'audio', groupId: 'g' })]),
        timeline.tracks[1]!,
      ],
    };
    const moved = expectOk(
      moveItems(grouped, {
        selection: { kind: 'group', groupId: 'g' },
        target: { kind: 'item', itemId: 'C', pointerFraction: 0.9 },
        newId,
      }),
    );
    expect(layout(primaryOf(moved.timeline)).map((s) => s[0])).toEqual(['B', 'C', 'A']);
    expect(layout(trackById(moved.timeline, 'sfx'))).toEqual(['S@190+30']);
    expect(
      expectRefused(
        moveItems(grouped, {
          selection: { kind: 'group', groupId: 'nope' },
          target: { kind: 'item', itemId: 'C', pointerFraction: 0.9 },
          newId,
        }),
      ).message,
    ).toBe('Group with ID nope not found');
  });
});

describe('moving on free tracks', () => {
  it('places the block next to the target when it fits, keeping inner spacing', () => {
    const moved = expectOk(
      moveItems(withOverlayTrack(), {
        selection: { kind: 'items', itemIds: ['O1', 'O2'] },
        target: { kind: 'item', itemId: 'O3', pointerFraction: 0.2 },
        newId,
      }),
    );
    expect(layout(trackById(moved.timeline, 'overlay'))).toEqual([
      'O1@140+30',
      'O2@170+30',
      'O3@200+30',
    ]);
    expect(
      expectRefused(
        moveItems(withOverlayTrack(), {
          selection: { kind: 'item', itemId: 'O3' },
          target: { kind: 'item', itemId: 'O1', pointerFraction: 0.1 },
          newId,
        }),
      ),
    ).toMatchObject({ code: 'insufficient_space', details: { required: 30, available: 0 } });
  });

  it('frame moves are clamped into the gap', () => {
    const moved = expectOk(
      moveItems(withOverlayTrack(), {
        selection: { kind: 'item', itemId: 'O3' },
        target: { kind: 'frame', frame: 65 },
        newId,
      }),
    );
    expect(layout(trackById(moved.timeline, 'overlay'))).toEqual([
      'O1@0+30',
      'O2@30+30',
      'O3@65+30',
    ]);
    const clamped = expectOk(
      moveItems(withOverlayTrack(), {
        selection: { kind: 'item', itemId: 'O1' },
        target: { kind: 'frame', frame: 185 },
        newId,
      }),
    );
    expect(layout(trackById(clamped.timeline, 'overlay'))).toEqual([
      'O2@30+30',
      'O1@170+30',
      'O3@200+30',
    ]);
  });

  it('moving the last item off a free track removes the track', () => {
    const timeline = withOverlayTrack();
    const moved = expectOk(
      moveItems(
        {
          ...timeline,
          tracks: [...timeline.tracks, track('solo', 'video', [clip('S', 'v1', 0, 30)])],
        },
        {
          selection: { kind: 'item', itemId: 'S' },
          target: { kind: 'item', itemId: 'O3', pointerFraction: 1 },
          newId,
        },
      ),
    );
    expect(moved.timeline.tracks.map((t) => t.id)).toEqual(['main', 'music', 'overlay']);
  });

  it('a free item moved onto the primary track becomes a shot there', () => {
    const moved = expectOk(
      moveItems(withOverlayTrack(), {
        selection: { kind: 'item', itemId: 'O3' },
        target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
        newId: counter('s'),
      }),
    );
    expect(layout(primaryOf(moved.timeline))[0]).toBe('O3@0+30');
    expect(moved.shotChanges).toContainEqual({ type: 'add', shotId: 's1', itemId: 'O3' });
  });

  it('a primary item moved to a new track leaves the storyboard', () => {
    const moved = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'B' },
        target: { kind: 'new-track', index: 2 },
        newId: counter('t'),
      }),
    );
    expect(moved.timeline.tracks.map((t) => t.id)).toEqual(['main', 'music', 't1']);
    expect(layout(primaryOf(moved.timeline))).toEqual(['A@0+90', 'C@90+90']);
    expect(layout(trackById(moved.timeline, 't1'))).toEqual(['B@90+90']);
    expect(moved.shotChanges).toEqual([{ type: 'remove', shotId: 'sB' }]);
  });
});
