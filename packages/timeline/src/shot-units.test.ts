import { describe, expect, it } from 'vitest';
import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { linkCaption, unlinkCaption } from './caption-links';
import { editCaption } from './caption-tracks';
import { changeSpeed } from './change-speed';
import { deleteItems } from './delete-items';
import { insertAsset } from './insert-asset';
import { timelineViolations } from './invariants';
import { moveItems } from './move-items';
import { splitItem } from './split-item';
import { applyShotChanges } from './storyboard';
import {
  basic,
  counter,
  expectOk,
  expectRefused,
  item,
  layout,
  primaryOf,
  track,
  trackById,
  withVoice,
} from './test-builders';
import { trimItem } from './trim-item';

const caption = (id: string, start: number, duration: number, shotId?: string): TimelineItem =>
  item(id, {
    type: 'caption',
    startTimeInFrames: start,
    durationInFrames: duration,
    caption: { data: { text: id } },
    ...(shotId ? { shotId } : {}),
  });

/**
 * `withVoice()` (A, B, C of 90 frames; VA, VB, VC of 60 under them) with captions made from the
 * voice-overs — a1, a2 in VA; b1, b2 in VB; c1 in VC — and a free caption f1 at 250–260.
 */
function story(): VideoEditorTimeline {
  const timeline = withVoice();
  return {
    ...timeline,
    tracks: [
      ...timeline.tracks,
      track(
        'cap',
        'caption',
        [
          caption('a1', 0, 30, 'sA'),
          caption('a2', 30, 30, 'sA'),
          caption('b1', 90, 30, 'sB'),
          caption('b2', 120, 30, 'sB'),
          caption('c1', 180, 60, 'sC'),
          caption('f1', 250, 10),
        ],
        { subtype: 'caption' },
      ),
    ],
  };
}

const captions = (timeline: VideoEditorTimeline) => layout(trackById(timeline, 'cap'));
const voices = (timeline: VideoEditorTimeline) => layout(trackById(timeline, 'voice'));

function valid(timeline: VideoEditorTimeline) {
  expect(timelineViolations(timeline)).toEqual([]);
  return timeline;
}

describe('a shot moves as one unit', () => {
  it('reordering shots takes their voice-over and captions along; a free caption stays', () => {
    const moved = valid(
      expectOk(
        moveItems(story(), {
          selection: { kind: 'item', itemId: 'A' },
          target: { kind: 'item', itemId: 'C', pointerFraction: 0.9 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(layout(primaryOf(moved))).toEqual(['B@0+90', 'C@90+90', 'A@180+90']);
    expect(voices(moved)).toEqual(['VB@0+60', 'VC@90+60', 'VA@180+60']);
    expect(captions(moved)).toEqual([
      'b1@0+30',
      'b2@30+30',
      'c1@90+60',
      'a1@180+30',
      'a2@210+30',
      'f1@250+10',
    ]);
  });

  it("captions of shots without voice-over (a music video's lyrics) stay with the song", () => {
    const timeline = basic();
    const lyrics = {
      ...timeline,
      tracks: [
        ...timeline.tracks,
        track('cap', 'caption', [caption('l1', 0, 90, 'sA'), caption('l2', 90, 90, 'sB')], {
          subtype: 'caption',
        }),
      ],
    };
    const moved = valid(
      expectOk(
        moveItems(lyrics, {
          selection: { kind: 'item', itemId: 'A' },
          target: { kind: 'item', itemId: 'C', pointerFraction: 0.9 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(captions(moved)).toEqual(['l1@0+90', 'l2@90+90']);
    expect(expectRefused(linkCaption(lyrics, { itemId: 'l1' })).message).toBe(
      MESSAGES.editor.noShotUnderCaption,
    );
  });

  it('inserting a clip before a shot moves the later shots, voice-overs and captions', () => {
    const inserted = valid(
      expectOk(
        insertAsset(story(), {
          assetId: 'v4',
          target: { kind: 'item', itemId: 'B', pointerFraction: 0.1 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(voices(inserted)).toEqual(['VA@0+60', 'VB@150+60', 'VC@240+60']);
    expect(captions(inserted).slice(2, 5)).toEqual(['b1@150+30', 'b2@180+30', 'c1@240+60']);
  });

  it('deleting a shot deletes its voice-over and captions; later shots close up', () => {
    const deleted = valid(
      expectOk(deleteItems(story(), { selection: { kind: 'item', itemId: 'B' } })).timeline,
    );
    expect(voices(deleted)).toEqual(['VA@0+60', 'VC@90+60']);
    expect(captions(deleted)).toEqual(['a1@0+30', 'a2@30+30', 'c1@90+60', 'f1@250+10']);
  });

  it('deleting a voice-over deletes the captions made from it', () => {
    const deleted = valid(
      expectOk(deleteItems(story(), { selection: { kind: 'item', itemId: 'VB' } })).timeline,
    );
    expect(captions(deleted)).toEqual(['a1@0+30', 'a2@30+30', 'c1@180+60', 'f1@250+10']);
  });
});

describe('trimming a shot trims its unit', () => {
  it('a shorter picture cuts its voice-over and captions at its new end, and later shots follow', () => {
    const trimmed = valid(
      expectOk(trimItem(story(), { itemId: 'B', edge: 'end', deltaFrames: -50 })).timeline,
    );
    expect(layout(primaryOf(trimmed))).toEqual(['A@0+90', 'B@90+40', 'C@130+90']);
    expect(voices(trimmed)).toEqual(['VA@0+60', 'VB@90+40', 'VC@130+60']);
    expect(trackById(trimmed, 'voice').items[1]).toMatchObject({
      sourceTrimStartFrames: 0,
      sourceTrimEndFrames: 40,
    });
    expect(captions(trimmed)).toEqual([
      'a1@0+30',
      'a2@30+30',
      'b1@90+30',
      'b2@120+10',
      'c1@130+60',
      'f1@250+10',
    ]);
  });

  it('a longer picture moves the later shots with their voice-overs and captions', () => {
    const trimmed = valid(
      expectOk(trimItem(story(), { itemId: 'A', edge: 'end', deltaFrames: 30 })).timeline,
    );
    expect(voices(trimmed)).toEqual(['VA@0+60', 'VB@120+60', 'VC@210+60']);
    expect(captions(trimmed).slice(2, 5)).toEqual(['b1@120+30', 'b2@150+30', 'c1@210+60']);
  });

  it("cutting a picture's head cuts the same frames off its voice-over and captions", () => {
    const trimmed = valid(
      expectOk(trimItem(story(), { itemId: 'A', edge: 'start', deltaFrames: 30 })).timeline,
    );
    expect(layout(primaryOf(trimmed))).toEqual(['A@0+60', 'B@60+90', 'C@150+90']);
    expect(voices(trimmed)).toEqual(['VA@0+30', 'VB@60+60', 'VC@150+60']);
    expect(trackById(trimmed, 'voice').items[0]).toMatchObject({
      sourceTrimStartFrames: 30,
      sourceTrimEndFrames: 60,
    });
    expect(captions(trimmed).slice(0, 3)).toEqual(['a2@0+30', 'b1@60+30', 'b2@90+30']);
  });

  it('a voice-over is trimmed inside its shot without moving anything else; its captions are cut', () => {
    const trimmed = valid(
      expectOk(trimItem(story(), { itemId: 'VB', edge: 'end', deltaFrames: -45 })).timeline,
    );
    expect(voices(trimmed)).toEqual(['VA@0+60', 'VB@90+15', 'VC@180+60']);
    expect(captions(trimmed)).toEqual([
      'a1@0+30',
      'a2@30+30',
      'b1@90+15',
      'c1@180+60',
      'f1@250+10',
    ]);
    // Lengthening stops at the end of the shot, however far the edge is dragged.
    const longer = valid(
      expectOk(trimItem(story(), { itemId: 'VB', edge: 'end', deltaFrames: 500 })).timeline,
    );
    expect(voices(longer)).toEqual(['VA@0+60', 'VB@90+90', 'VC@180+60']);
  });
});

describe('speed', () => {
  it("a shot's speed change re-times its voice-over and scales its captions", () => {
    const faster = valid(expectOk(changeSpeed(story(), { itemId: 'A', speed: 2 })).timeline);
    expect(layout(primaryOf(faster))).toEqual(['A@0+45', 'B@45+90', 'C@135+90']);
    expect(voices(faster)).toEqual(['VA@0+30', 'VB@45+60', 'VC@135+60']);
    expect(trackById(faster, 'voice').items[0]!.speed).toBe(2);
    expect(captions(faster).slice(0, 3)).toEqual(['a1@0+15', 'a2@15+15', 'b1@45+30']);
  });

  it("a voice-over's speed change re-times the whole shot", () => {
    const slower = valid(expectOk(changeSpeed(story(), { itemId: 'VA', speed: 0.5 })).timeline);
    expect(layout(primaryOf(slower))).toEqual(['A@0+180', 'B@180+90', 'C@270+90']);
    expect(voices(slower)).toEqual(['VA@0+120', 'VB@180+60', 'VC@270+60']);
    expect(captions(slower).slice(0, 3)).toEqual(['a1@0+60', 'a2@60+60', 'b1@180+30']);
  });
});

describe('split at the playhead', () => {
  it('splits a shot in two at a whole frame; its voice-over and later captions go with the new shot', () => {
    const result = expectOk(splitItem(story(), { itemId: 'B', frame: 119.6, newId: counter() }));
    const split = valid(result.timeline);
    expect(layout(primaryOf(split))).toEqual(['A@0+90', 'B@90+30', 'n1@120+60', 'C@180+90']);
    const [first, second] = primaryOf(split).items.slice(1, 3);
    expect(first).toMatchObject({
      shotId: 'sB',
      sourceTrimStartFrames: 0,
      sourceTrimEndFrames: 30,
    });
    expect(second).toMatchObject({
      shotId: 'n2',
      sourceTrimStartFrames: 30,
      sourceTrimEndFrames: 90,
    });
    expect(voices(split)).toEqual(['VA@0+60', 'VB@90+30', 'n3@120+30', 'VC@180+60']);
    expect(trackById(split, 'cap').items.find((entry) => entry.id === 'b2')!.shotId).toBe('n2');
    expect(result.description).toBe('Split item');
    expect(result.selection).toEqual(['n1']);
    expect(result.shotChanges).toContainEqual({ type: 'add', shotId: 'n2', itemId: 'n1' });
    // The new shot takes the voice-over part the split gave it.
    const shots = applyShotChanges(
      {
        sB: {
          shot_id: 'sB',
          shot_type: 'manual',
          lexorank: 'm',
          active_voice_over_audio_id: 'vo2',
        },
      },
      { changes: result.shotChanges, timeline: split, now: 0 },
    );
    expect(shots.shotsMap.n2).toMatchObject({ active_voice_over_audio_id: 'vo2' });
    // Reordering the new shot later takes its half of the narration along.
    const moved = valid(
      expectOk(
        moveItems(split, {
          selection: { kind: 'item', itemId: 'n1' },
          target: { kind: 'frame', trackId: 'main', frame: 0 },
          newId: counter('m'),
        }),
      ).timeline,
    );
    expect(voices(moved)).toEqual(['n3@0+30', 'VA@60+60', 'VB@150+30', 'VC@180+60']);
  });

  it('splits any item in place; the playhead must be inside it', () => {
    const split = valid(
      expectOk(splitItem(story(), { itemId: 'M', frame: 100, newId: counter() })).timeline,
    );
    expect(layout(trackById(split, 'music'))).toEqual(['M@0+100', 'n1@100+200']);
    expect(
      expectRefused(splitItem(story(), { itemId: 'M', frame: 300, newId: counter() })).message,
    ).toBe(MESSAGES.editor.splitOutsideItem);
  });
});

describe('caption links and bounds', () => {
  it('an unlinked caption stays put when its shot moves, and can be linked again', () => {
    const unlinked = expectOk(unlinkCaption(story(), { itemId: 'c1' })).timeline;
    expect(trackById(unlinked, 'cap').items.find((entry) => entry.id === 'c1')!.shotId).toBe(
      undefined,
    );
    const moved = valid(
      expectOk(trimItem(unlinked, { itemId: 'A', edge: 'end', deltaFrames: -30 })).timeline,
    );
    expect(voices(moved)).toEqual(['VA@0+60', 'VB@60+60', 'VC@150+60']);
    expect(captions(moved)).toEqual([
      'a1@0+30',
      'a2@30+30',
      'b1@60+30',
      'b2@90+30',
      'c1@180+60',
      'f1@250+10',
    ]);
    // Linked again, it belongs to the shot whose voice-over it overlaps and is cut to it.
    const relinked = valid(expectOk(linkCaption(moved, { itemId: 'c1' })).timeline);
    expect(trackById(relinked, 'cap').items.find((entry) => entry.id === 'c1')!.shotId).toBe('sC');
    expect(captions(relinked)).toContain('c1@180+30');
    expect(expectRefused(linkCaption(relinked, { itemId: 'c1' })).message).toBe(
      MESSAGES.editor.captionAlreadyLinked,
    );
    expect(expectRefused(unlinkCaption(story(), { itemId: 'f1' })).message).toBe(
      MESSAGES.editor.captionNotLinked,
    );
  });

  it('a shot moved over a free caption keeps its own captions; the free one keeps what is left', () => {
    const unlinked = expectOk(unlinkCaption(story(), { itemId: 'c1' })).timeline;
    const moved = valid(
      expectOk(
        moveItems(unlinked, {
          selection: { kind: 'item', itemId: 'C' },
          target: { kind: 'item', itemId: 'A', pointerFraction: 0.1 },
          newId: counter(),
        }),
      ).timeline,
    );
    // B's captions now lie at 180–240, over all of c1: c1 goes, b1 and b2 stay whole.
    expect(captions(moved)).toEqual([
      'a1@90+30',
      'a2@120+30',
      'b1@180+30',
      'b2@210+30',
      'f1@250+10',
    ]);
  });

  it("a free caption's end stops at the story's end plus 20% room", () => {
    const edited = valid(expectOk(editCaption(story(), { itemId: 'f1', endFrame: 2000 })).timeline);
    // The music ends at 300: 300 × 1.2 = 360.
    expect(captions(edited).at(-1)).toBe('f1@250+110');
  });

  it('a caption dragged to a fractional frame lands on a whole frame', () => {
    const moved = valid(
      expectOk(
        moveItems(story(), {
          selection: { kind: 'item', itemId: 'f1' },
          target: { kind: 'frame', trackId: 'cap', frame: 275.833201 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(captions(moved).at(-1)).toBe('f1@276+10');
  });

  it('a voice-over dragged inside its shot takes its captions along and stays in the shot', () => {
    const moved = valid(
      expectOk(
        moveItems(story(), {
          selection: { kind: 'item', itemId: 'VB' },
          target: { kind: 'frame', trackId: 'voice', frame: 100 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(voices(moved)).toEqual(['VA@0+60', 'VB@100+60', 'VC@180+60']);
    expect(captions(moved).slice(2, 4)).toEqual(['b1@100+30', 'b2@130+30']);
    const far = valid(
      expectOk(
        moveItems(story(), {
          selection: { kind: 'item', itemId: 'VB' },
          target: { kind: 'frame', trackId: 'voice', frame: 160 },
          newId: counter(),
        }),
      ).timeline,
    );
    expect(voices(far)).toEqual(['VA@0+60', 'VB@120+60', 'VC@180+60']);
  });
});
