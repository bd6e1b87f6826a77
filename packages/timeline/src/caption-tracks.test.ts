import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { editCaption, insertCaptionTracks } from './caption-tracks';
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
    expect(
      expectRefused(editCaption(withCaptions(), { itemId: 'k1', startFrame: -1 })).message,
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
