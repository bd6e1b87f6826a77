import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { timelineViolations } from './invariants';
import {
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
  ASSETS,
  withVoice,
} from './test-builders';
import { trimItem } from './trim-item';

describe('trimItem', () => {
  it('ignores changes of 0.01 frames or less, and snaps the edge to whole frames', () => {
    expect(
      expectRefused(trimItem(basic(), { itemId: 'B', edge: 'end', deltaFrames: 0.01 })).code,
    ).toBe('ignored');
    expect(
      expectRefused(trimItem(basic(), { itemId: 'B', edge: 'end', deltaFrames: -0.4 })).code,
    ).toBe('ignored');
    const snapped = expectOk(
      trimItem(basic(), { itemId: 'B', edge: 'end', deltaFrames: -5.833201 }),
    );
    expect(layout(primaryOf(snapped.timeline))).toEqual(['A@0+90', 'B@90+84', 'C@174+90']);
  });

  it("is one undoable edit named 'Resize item'", () => {
    expect(
      expectOk(trimItem(basic(), { itemId: 'B', edge: 'end', deltaFrames: -30 })).description,
    ).toBe('Resize item');
  });

  it('a left-edge trim moves the source start and shifts later items', () => {
    const result = expectOk(trimItem(basic(), { itemId: 'B', edge: 'start', deltaFrames: 30 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+90', 'B@90+60', 'C@150+90']);
    expect(primaryOf(result.timeline).items[1]).toMatchObject({
      sourceTrimStartFrames: 30,
      sourceTrimEndFrames: 90,
    });
  });

  it('a right-edge trim moves the following items along', () => {
    const result = expectOk(trimItem(basic(), { itemId: 'A', edge: 'end', deltaFrames: 60 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+150', 'B@150+90', 'C@240+90']);
    expect(primaryOf(result.timeline).items[0]!.sourceTrimEndFrames).toBe(150);
  });

  it('on a free track later items shift too, earlier ones stay', () => {
    const timeline = timelineOf(
      [
        track('main', 'video', [clip('A', 'v1', 0, 90)], { isPrimary: true }),
        track('music', 'audio', [
          clip('M1', 'm1', 0, 100, { type: 'audio' }),
          clip('M2', 'm1', 200, 100, { type: 'audio' }),
          clip('M3', 'm1', 400, 100, { type: 'audio' }),
        ]),
      ],
      ASSETS,
    );
    const result = expectOk(trimItem(timeline, { itemId: 'M2', edge: 'end', deltaFrames: -40 }));
    expect(layout(trackById(result.timeline, 'music'))).toEqual([
      'M1@0+100',
      'M2@200+60',
      'M3@360+100',
    ]);
  });

  it('refuses a negative trim, a non-positive duration and going beyond the source', () => {
    const refusals = [
      trimItem(basic(), { itemId: 'A', edge: 'start', deltaFrames: -1 }),
      trimItem(basic(), { itemId: 'A', edge: 'end', deltaFrames: -90 }),
      trimItem(basic(), { itemId: 'A', edge: 'start', deltaFrames: 95 }),
      trimItem(basic(), { itemId: 'A', edge: 'end', deltaFrames: 211 }),
    ].map((result) => expectRefused(result));
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ code: 'invalid_trim', message: MESSAGES.editor.invalidTrim });
    expect(expectOk(trimItem(basic(), { itemId: 'A', edge: 'end', deltaFrames: 210 })).ok).toBe(
      true,
    );
  });

  it('trims at speed consume source at that speed', () => {
    const timeline = basic();
    const fast = {
      ...timeline,
      tracks: [track('main', 'video', [clip('A', 'v1', 0, 45, { speed: 2 })], { isPrimary: true })],
    };
    const result = expectOk(trimItem(fast, { itemId: 'A', edge: 'end', deltaFrames: 10 }));
    expect(primaryOf(result.timeline).items[0]).toMatchObject({
      durationInFrames: 55,
      sourceTrimEndFrames: 110,
    });
    expect(expectRefused(trimItem(fast, { itemId: 'A', edge: 'end', deltaFrames: 106 })).code).toBe(
      'invalid_trim',
    );
  });

  it('an unknown source cannot be extended past its known end', () => {
    const timeline = timelineOf(
      [track('main', 'video', [clip('X', 'vx', 0, 30)], { isPrimary: true })],
      ASSETS,
    );
    expect(
      expectRefused(trimItem(timeline, { itemId: 'X', edge: 'end', deltaFrames: 5 })).code,
    ).toBe('invalid_trim');
    expect(expectOk(trimItem(timeline, { itemId: 'X', edge: 'end', deltaFrames: -5 })).ok).toBe(
      true,
    );
  });

  it('images have no source limit', () => {
    const timeline = timelineOf(
      [
        track(
          'main',
          'video',
          [item('I', { type: 'image', mediaAssetId: 'i1', durationInFrames: 60 })],
          { isPrimary: true },
        ),
      ],
      ASSETS,
    );
    const result = expectOk(trimItem(timeline, { itemId: 'I', edge: 'end', deltaFrames: 6000 }));
    expect(primaryOf(result.timeline).items[0]!.durationInFrames).toBe(6060);
  });

  it('captions are resized without source trim: the left edge moves the start, nothing shifts', () => {
    const timeline = timelineOf(
      [
        track('main', 'video', [clip('A', 'v1', 0, 90)], { isPrimary: true }),
        track('cap', 'caption', [
          item('c1', { type: 'caption', startTimeInFrames: 10, durationInFrames: 20 }),
          item('c2', { type: 'caption', startTimeInFrames: 30, durationInFrames: 20 }),
        ]),
      ],
      ASSETS,
    );
    const result = expectOk(trimItem(timeline, { itemId: 'c1', edge: 'start', deltaFrames: -10 }));
    expect(layout(trackById(result.timeline, 'cap'))).toEqual(['c1@0+30', 'c2@30+20']);
    expect(trackById(result.timeline, 'cap').items[0]!.sourceTrimStartFrames).toBeUndefined();
    // Captions never overlap: the edge stops at the neighbour (and at frame 0).
    expect(
      expectRefused(trimItem(timeline, { itemId: 'c1', edge: 'end', deltaFrames: 15 })).code,
    ).toBe('ignored');
    const longer = expectOk(trimItem(timeline, { itemId: 'c2', edge: 'end', deltaFrames: 15 }));
    expect(layout(trackById(longer.timeline, 'cap'))).toEqual(['c1@10+20', 'c2@30+35']);
    const clamped = expectOk(trimItem(timeline, { itemId: 'c1', edge: 'start', deltaFrames: -11 }));
    expect(layout(trackById(clamped.timeline, 'cap'))).toEqual(['c1@0+30', 'c2@30+20']);
    expect(
      expectRefused(trimItem(timeline, { itemId: 'c1', edge: 'end', deltaFrames: -20 })).code,
    ).toBe('invalid_trim');
  });

  it('trims every item of the group that is not part of the shot, or none', () => {
    const timeline = withVoice();
    const grouped = {
      ...timeline,
      tracks: timeline.tracks.map((t) => ({
        ...t,
        items: t.items.map((i) => (i.id === 'B' || i.id === 'VB' ? { ...i, groupId: 'g' } : i)),
      })),
    };
    // VB is the shot's voice-over: it keeps its place in the shot and is cut only where the
    // shot now ends.
    const result = expectOk(trimItem(grouped, { itemId: 'B', edge: 'end', deltaFrames: -20 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+90', 'B@90+70', 'C@160+90']);
    expect(layout(trackById(result.timeline, 'voice'))).toEqual([
      'VA@0+60',
      'VB@90+60',
      'VC@160+60',
    ]);
    expect(timelineViolations(result.timeline)).toEqual([]);
    const shorter = expectOk(trimItem(grouped, { itemId: 'B', edge: 'end', deltaFrames: -70 }));
    expect(layout(trackById(shorter.timeline, 'voice'))).toEqual([
      'VA@0+60',
      'VB@90+20',
      'VC@110+60',
    ]);
    // The music item of the group is trimmed by the same amount, and refuses a trim it cannot take.
    const withMusic = {
      ...grouped,
      tracks: grouped.tracks.map((t) => ({
        ...t,
        items: t.items.map((i) => (i.id === 'M' ? { ...i, groupId: 'g' } : i)),
      })),
    };
    const both = expectOk(trimItem(withMusic, { itemId: 'B', edge: 'end', deltaFrames: -20 }));
    expect(layout(trackById(both.timeline, 'music'))).toEqual(['M@0+280']);
    expect(
      expectRefused(trimItem(withMusic, { itemId: 'B', edge: 'start', deltaFrames: -20 })).code,
    ).toBe('invalid_trim');
  });

  it('in the complex scenario voice-overs of later shots follow', () => {
    const result = expectOk(trimItem(withVoice(), { itemId: 'A', edge: 'end', deltaFrames: 30 }));
    expect(layout(trackById(result.timeline, 'voice'))).toEqual([
      'VA@0+60',
      'VB@120+60',
      'VC@210+60',
    ]);
  });

  it('clamps fades to half the new duration', () => {
    const timeline = basic();
    const faded = {
      ...timeline,
      tracks: [
        {
          ...timeline.tracks[0]!,
          items: timeline.tracks[0]!.items.map((i) =>
            i.id === 'A'
              ? { ...i, effects: [{ type: 'fade-in' as const, durationInFrames: 40 }] }
              : i,
          ),
        },
        timeline.tracks[1]!,
      ],
    };
    const result = expectOk(trimItem(faded, { itemId: 'A', edge: 'end', deltaFrames: -30 }));
    expect(primaryOf(result.timeline).items[0]!.effects).toEqual([
      { type: 'fade-in', durationInFrames: 30 },
    ]);
  });
});
