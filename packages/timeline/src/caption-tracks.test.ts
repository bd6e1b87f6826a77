import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import {
  captionDetectionRequest,
  captionDetectionShown,
  clearGlobalCaptionStyle,
  editCaption,
  insertCaptionTracks,
  setCaptionsEnabled,
  setCaptionStyle,
} from './caption-tracks';
import { groupItems, ungroupItems } from './group-items';
import { groupInfo } from './selection';
import {
  basic,
  counter,
  expectOk,
  expectRefused,
  item,
  layout,
  track,
  trackById,
  withVoice,
} from './test-builders';

const caption = (id: string, start: number, duration: number, text = id) =>
  item(id, {
    type: 'caption',
    startTimeInFrames: start,
    durationInFrames: duration,
    caption: { data: { text } },
  });

describe('insertCaptionTracks', () => {
  it('inserts each caption track right after its source track and turns captions on', () => {
    const timeline = withVoice();
    const off = {
      ...timeline,
      globalConfig: { ...timeline.globalConfig, captions: { enabled: false } },
    };
    const result = expectOk(
      insertCaptionTracks(off, {
        captions: {
          voice: track('c-voice', 'caption', [caption('k2', 40, 20), caption('k1', 0, 30)]),
        },
        newId: counter('x'),
      }),
    );
    expect(result.timeline.tracks.map((t) => t.id)).toEqual(['main', 'voice', 'c-voice', 'music']);
    expect(layout(trackById(result.timeline, 'c-voice'))).toEqual(['k1@0+30', 'k2@40+20']);
    expect(trackById(result.timeline, 'c-voice')).toMatchObject({
      type: 'caption',
      subtype: 'caption',
    });
    expect(result.timeline.globalConfig.captions.enabled).toBe(true);
    expect(result.description).toBe('Detect captions');
  });

  it('a redetection replaces the caption tracks that followed the source', () => {
    const first = expectOk(
      insertCaptionTracks(withVoice(), {
        captions: { voice: track('c1', 'caption', [caption('k1', 0, 30)]) },
        newId: counter('x'),
      }),
    );
    const second = expectOk(
      insertCaptionTracks(first.timeline, {
        captions: { voice: track('c1', 'caption', [caption('k1', 0, 10, 'new')]) },
        newId: counter('y'),
      }),
    );
    expect(second.timeline.tracks.map((t) => t.id)).toEqual(['main', 'voice', 'c1', 'music']);
    expect(trackById(second.timeline, 'c1').items[0]!.caption?.data.text).toBe('new');
  });

  it('refuses an unknown source track', () => {
    expect(
      expectRefused(
        insertCaptionTracks(basic(), {
          captions: { nope: track('c', 'caption', []) },
          newId: counter(),
        }),
      ).message,
    ).toBe('Track with ID nope not found');
  });
});

describe('editCaption', () => {
  const withCaptions = () =>
    expectOk(
      insertCaptionTracks(withVoice(), {
        captions: { voice: track('c1', 'caption', [caption('k1', 0, 30, 'Hello')]) },
        newId: counter('x'),
      }),
    ).timeline;

  it('changes text and timing; start ≥ 0 and end ≥ start + 1', () => {
    const result = expectOk(
      editCaption(withCaptions(), { itemId: 'k1', text: 'Hi', startFrame: 5, endFrame: 6 }),
    );
    expect(trackById(result.timeline, 'c1').items[0]).toMatchObject({
      startTimeInFrames: 5,
      durationInFrames: 1,
      caption: { data: { text: 'Hi' } },
    });
    // Out-of-range frames are clamped: k1 was detected from VA (0–60), so it stays inside it.
    const clamped = expectOk(
      editCaption(withCaptions(), { itemId: 'k1', startFrame: -1, endFrame: 2000 }),
    );
    expect(layout(trackById(clamped.timeline, 'c1'))).toEqual(['k1@0+60']);
    expect(clamped.totalDurationInFrames).toBe(300);
    expect(
      expectRefused(editCaption(withCaptions(), { itemId: 'k1', startFrame: Number.NaN })).message,
    ).toBe(MESSAGES.editor.invalidCaptionTiming);
    expect(
      expectRefused(editCaption(withCaptions(), { itemId: 'k1', startFrame: 10, endFrame: 10.5 }))
        .code,
    ).toBe('invalid_value');
    expect(expectRefused(editCaption(withCaptions(), { itemId: 'k1', text: 'Hello' })).code).toBe(
      'ignored',
    );
    expect(expectRefused(editCaption(withCaptions(), { itemId: 'A', text: 'x' })).message).toBe(
      'Not supported',
    );
  });
});

describe('groups', () => {
  it('groups and ungroups; a group needs more than one item', () => {
    const grouped = expectOk(groupItems(basic(), { itemIds: ['A', 'M'], groupId: 'g' })).timeline;
    expect(groupInfo(grouped, 'g')).toMatchObject({
      trackIds: ['main', 'music'],
      startFrame: 0,
      endFrame: 300,
    });
    expect(expectRefused(groupItems(basic(), { itemIds: ['A'], groupId: 'g' })).code).toBe(
      'not_allowed',
    );
    const ungrouped = expectOk(ungroupItems(grouped, { groupId: 'g' })).timeline;
    expect(groupInfo(ungrouped, 'g')).toBeNull();
    expect(expectRefused(ungroupItems(basic(), { groupId: 'g' })).message).toBe(
      'Group with ID g not found',
    );
  });
});

describe('caption styling and the display switch', () => {
  const withCaptions = () => {
    const timeline = withVoice();
    return {
      ...timeline,
      tracks: [
        ...timeline.tracks,
        track('caps', 'caption', [caption('k1', 0, 30), caption('k2', 40, 20)]),
      ],
    };
  };

  it('applies a change to every caption and the global style when applying to all', () => {
    const result = expectOk(
      setCaptionStyle(withCaptions(), {
        itemId: 'k1',
        style: { fontFamily: 'Oswald', fontSize: 40 },
        applyToAll: true,
      }),
    );
    const captions = trackById(result.timeline, 'caps').items;
    expect(captions.map((c) => c.caption?.style?.fontFamily)).toEqual(['Oswald', 'Oswald']);
    expect(result.timeline.globalConfig.captions.style).toEqual({
      fontFamily: 'Oswald',
      fontSize: 40,
    });
    const cleared = expectOk(clearGlobalCaptionStyle(result.timeline));
    expect(cleared.timeline.globalConfig.captions.style).toBeUndefined();
    expect(trackById(cleared.timeline, 'caps').items[1]!.caption?.style?.fontSize).toBe(40);
  });

  it('changes only the selected caption otherwise, and refuses values out of bounds', () => {
    const timeline = withCaptions();
    const result = expectOk(
      setCaptionStyle(timeline, { itemId: 'k2', style: { fontWeight: 400 }, applyToAll: false }),
    );
    const captions = trackById(result.timeline, 'caps').items;
    expect(captions.map((c) => c.caption?.style?.fontWeight)).toEqual([undefined, 400]);
    expect(result.timeline.globalConfig.captions.style).toBeUndefined();
    expect(
      expectRefused(
        setCaptionStyle(timeline, { itemId: 'k2', style: { fontSize: 121 }, applyToAll: false }),
      ).code,
    ).toBe('invalid_value');
    expect(
      expectRefused(
        setCaptionStyle(timeline, { itemId: 'k2', style: { fontWeight: 450 }, applyToAll: false }),
      ).code,
    ).toBe('invalid_value');
  });

  it('turns the captions display on and off', () => {
    const off = expectOk(setCaptionsEnabled(withCaptions(), { enabled: false }));
    expect(off.timeline.globalConfig.captions.enabled).toBe(false);
    expect(expectRefused(setCaptionsEnabled(off.timeline, { enabled: false })).code).toBe(
      'ignored',
    );
  });
});

describe('caption detection rules', () => {
  it('sends the voice-over tracks with their audio items and only the assets they use', () => {
    const request = captionDetectionRequest(withVoice(), {
      category: 'script_to_video',
      language: 'ja',
    });
    expect(request?.tracks.map((t) => t.id)).toEqual(['voice']);
    expect(request?.mediaAssets.map((a) => a.id).sort()).toEqual(['vo1', 'vo2', 'vo3']);
    expect(request?.language).toBe('ja');
    const auto = captionDetectionRequest(withVoice(), {
      category: 'script_to_video',
      language: 'auto',
    });
    expect(auto && 'language' in auto).toBe(false);
  });

  it('listens to the music of a music video, and to nothing for a character vlog', () => {
    const music = captionDetectionRequest(withVoice(), {
      category: 'music_video',
      language: 'auto',
    });
    expect(music?.tracks.map((t) => t.id)).toEqual(['music']);
    expect(
      captionDetectionRequest(withVoice(), { category: 'character_vlog', language: 'auto' }),
    ).toBeNull();
    expect(captionDetectionShown(withVoice(), 'character_vlog')).toBe(false);
    expect(captionDetectionShown(withVoice(), 'script_to_video')).toBe(true);
    expect(captionDetectionShown({ ...withVoice(), tracks: [] }, 'script_to_video')).toBe(false);
  });
});
