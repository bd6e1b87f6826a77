import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { ASSETS, asset, basic, clip, item, layout, track, withVoice } from './test-builders';
import { assetIndex } from './timeline-lookup';
import {
  deriveTrackSubtype,
  editScenario,
  normalizeTrackType,
  trackCategory,
  trackRefusesAsset,
} from './track-category';
import { applyTrackRules, packItems, primaryTrackIndex, resolveOverlaps } from './track-rules';

const assets = assetIndex(ASSETS);

describe('track subtype and category', () => {
  it('an audio track is voiceover when its first item is a voice-over, else music', () => {
    const voice = track('t', 'audio', [clip('x', 'vo1', 0, 30, { type: 'audio' })]);
    const music = track('t', 'audio', [clip('x', 'm1', 0, 30, { type: 'audio' })]);
    expect(deriveTrackSubtype(voice, assets)).toBe('voiceover');
    expect(deriveTrackSubtype(music, assets)).toBe('music');
    expect(deriveTrackSubtype(track('t', 'audio', []), assets)).toBe('music');
    expect(deriveTrackSubtype(track('t', 'caption', []), assets)).toBe('caption');
    expect(deriveTrackSubtype(track('t', 'video', []), assets)).toBeUndefined();
  });

  it('only the first item decides', () => {
    const mixed = track('t', 'audio', [
      clip('x', 'm1', 0, 30, { type: 'audio' }),
      clip('y', 'vo1', 30, 30, { type: 'audio' }),
    ]);
    expect(deriveTrackSubtype(mixed, assets)).toBe('music');
  });

  it('tracks that are not video, audio, file or caption become video', () => {
    expect(normalizeTrackType('overlay')).toBe('video');
    expect(normalizeTrackType(undefined)).toBe('video');
    expect(normalizeTrackType('file')).toBe('file');
    expect(normalizeTrackType('caption')).toBe('caption');
  });

  it('derives the five categories', () => {
    expect(trackCategory(track('t', 'video', [item('i', { type: 'image' })]), assets)).toBe(
      'image',
    );
    expect(trackCategory(track('t', 'video', [item('v')]), assets)).toBe('video');
    expect(trackCategory(track('t', 'caption', []), assets)).toBe('caption');
    expect(trackCategory(withVoice().tracks[1]!, assets)).toBe('voiceover');
    expect(trackCategory(basic().tracks[1]!, assets)).toBe('music');
  });
});

describe('track acceptance', () => {
  it('video tracks take video and image, audio tracks audio', () => {
    const video = track('t', 'video', []);
    const audio = track('t', 'audio', []);
    expect(trackRefusesAsset(video, asset('a', 'video'))).toBeNull();
    expect(trackRefusesAsset(video, asset('a', 'image'))).toBeNull();
    expect(trackRefusesAsset(video, asset('a', 'audio'))?.message).toBe(
      MESSAGES.editor.onlyVideoAndImage,
    );
    expect(trackRefusesAsset(audio, asset('a', 'audio'))).toBeNull();
    expect(trackRefusesAsset(audio, asset('a', 'image'))?.message).toBe(MESSAGES.editor.onlyAudio);
    expect(trackRefusesAsset(track('t', 'caption', []), asset('a', 'audio'))?.message).toBe(
      'Not allowed',
    );
    expect(trackRefusesAsset(video, asset('a', 'file'))?.message).toBe('Not supported');
  });
});

describe('scenarios', () => {
  it('is simple without a voice-over track and complex with one', () => {
    expect(editScenario(basic())).toBe('simple');
    expect(editScenario(withVoice())).toBe('complex');
  });
});

describe('the primary track', () => {
  it('is the first video track marked primary, else the first video track', () => {
    expect(
      primaryTrackIndex([
        track('a', 'audio', [], { isPrimary: true }),
        track('b', 'video', []),
        track('c', 'video', [], { isPrimary: true }),
      ]),
    ).toBe(2);
    expect(primaryTrackIndex([track('a', 'audio', []), track('b', 'video', [])])).toBe(1);
    expect(primaryTrackIndex([track('a', 'audio', [])])).toBe(-1);
  });

  it('keeps exactly one primary and packs it from frame 0 in its order', () => {
    const tracks = applyTrackRules(
      [
        track(
          'a',
          'video',
          [item('x', { startTimeInFrames: 50 }), item('y', { startTimeInFrames: 7 })],
          {
            isPrimary: true,
          },
        ),
        track('b', 'video', [item('z', { startTimeInFrames: 500 })], { isPrimary: true }),
      ],
      assets,
    );
    expect(tracks.map((t) => t.isPrimary)).toEqual([true, false]);
    expect(layout(tracks[0]!)).toEqual(['x@0+90', 'y@90+90']);
    expect(layout(tracks[1]!)).toEqual(['z@500+90']);
  });

  it('removes empty non-primary tracks (captions too) but keeps an empty primary', () => {
    const tracks = applyTrackRules(
      [
        track('a', 'video', [], { isPrimary: true }),
        track('b', 'audio', []),
        track('c', 'caption', []),
        track('d', 'video', [item('x')]),
      ],
      assets,
    );
    expect(tracks.map((t) => t.id)).toEqual(['a', 'd']);
  });

  it('sorts free tracks by start and sets derived subtypes', () => {
    const [music] = applyTrackRules(
      [
        track('m', 'audio', [
          clip('late', 'vo1', 100, 10, { type: 'audio' }),
          clip('early', 'm1', 0, 10, { type: 'audio' }),
        ]),
      ],
      assets,
    );
    expect(music!.items.map((i) => i.id)).toEqual(['early', 'late']);
    expect(music!.subtype).toBe('music');
  });

  it('leaves unchanged tracks untouched (shared with history snapshots)', () => {
    const timeline = basic();
    const tracks = applyTrackRules(timeline.tracks, assets);
    expect(tracks[0]).toBe(timeline.tracks[0]);
    expect(tracks[1]).toBe(timeline.tracks[1]);
  });
});

describe('packing and overlaps', () => {
  it('packs back to back and returns the same array when already packed', () => {
    const items = [item('a', { durationInFrames: 10 }), item('b', { startTimeInFrames: 10 })];
    expect(packItems(items)).toBe(items);
    expect(packItems([item('a', { startTimeInFrames: 5 })])[0]!.startTimeInFrames).toBe(0);
  });

  it('pushes overlapping items right', () => {
    const fixed = resolveOverlaps([
      item('a', { startTimeInFrames: 0, durationInFrames: 50 }),
      item('b', { startTimeInFrames: 20, durationInFrames: 10 }),
      item('c', { startTimeInFrames: 200, durationInFrames: 10 }),
    ]);
    expect(fixed.map((i) => i.startTimeInFrames)).toEqual([0, 50, 200]);
  });
});
