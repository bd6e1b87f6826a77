import { describe, expect, it } from 'vitest';
import type { ShotsMap } from '@storyloom/core';
import { buildTimelineFromShots } from './build-timeline';
import { timelineViolations } from './invariants';
import { trimItem } from './trim-item';
import { ASSETS, expectOk, expectRefused, layout, primaryOf, trackById } from './test-builders';

const shots: ShotsMap = {
  s1: {
    shot_id: 's1',
    shot_type: 'auto',
    lexorank: 'b',
    active_video_id: 'v1',
    active_voice_over_audio_id: 'vo1',
  },
  s2: {
    shot_id: 's2',
    shot_type: 'manual',
    lexorank: 'a',
    active_image_id: 'i1',
    active_voice_over_audio_id: 'vo2',
  },
  s3: { shot_id: 's3', shot_type: 'auto', lexorank: 'c', is_hidden: true, active_video_id: 'v2' },
  s4: { shot_id: 's4', shot_type: '', lexorank: 'd', active_image_id: 'i1' },
  s5: { shot_id: 's5', shot_type: '', lexorank: 'e', active_video_id: 'v4' },
  s6: { shot_id: 's6', shot_type: 'manual', lexorank: 'f' },
};

function build() {
  const result = buildTimelineFromShots({ shotsMap: shots, mediaAssets: ASSETS });
  if (!result.ok) throw new Error(result.reason.message);
  return result.timeline;
}

describe('buildTimelineFromShots', () => {
  it('one primary item per shot in lexorank order; hidden shots skipped, empty shots only with a video', () => {
    const timeline = build();
    expect(primaryOf(timeline).items.map((i) => i.shotId)).toEqual(['s2', 's1', 's5', 's6']);
    expect(timelineViolations(timeline)).toEqual([]);
  });

  it('an image lasts as long as its voice-over; a video its own length', () => {
    expect(layout(primaryOf(build()))).toEqual([
      'shot-s2-image@0+120',
      'shot-s1-video@120+300',
      'shot-s5-video@420+60',
      'shot-s6-placeholder@480+90',
    ]);
  });

  it('voice-overs start with their shot', () => {
    expect(layout(trackById(build(), 'track-voiceover'))).toEqual([
      'shot-s2-voiceover@0+120',
      'shot-s1-voiceover@120+120',
    ]);
    expect(trackById(build(), 'track-voiceover').subtype).toBe('voiceover');
  });

  it('a shot with neither video nor image gets a 3-second failed placeholder', () => {
    expect(primaryOf(build()).items[3]).toMatchObject({
      type: 'overlay',
      status: 'failed',
      durationInFrames: 90,
      overlayConfig: { type: 'error', message: 'Generation failed. No credit used.' },
    });
  });

  it("refuses with 'MediaAsset not found for shot {id}'", () => {
    const missing = buildTimelineFromShots({
      shotsMap: { x: { shot_id: 'x', lexorank: 'a', active_video_id: 'gone' } },
      mediaAssets: ASSETS,
    });
    expect(expectRefused(missing).message).toBe('MediaAsset not found for shot x');
  });

  it('a rebuild keeps other tracks and the edits of unchanged shots', () => {
    const first = build();
    const withMusic = {
      ...first,
      tracks: [
        ...first.tracks,
        {
          id: 'music',
          type: 'audio' as const,
          items: [
            {
              id: 'M',
              type: 'audio' as const,
              mediaAssetId: 'm1',
              startTimeInFrames: 0,
              durationInFrames: 300,
              speed: 1,
              volume: 0.5,
            },
          ],
        },
      ],
    };
    const trimmed = expectOk(
      trimItem(withMusic, { itemId: 'shot-s1-video', edge: 'end', deltaFrames: -100 }),
    ).timeline;
    const rebuilt = buildTimelineFromShots({
      shotsMap: { ...shots, s2: { ...shots.s2!, active_image_id: null, active_video_id: 'v3' } },
      mediaAssets: ASSETS,
      previous: trimmed,
    });
    if (!rebuilt.ok) throw new Error(rebuilt.reason.message);
    expect(layout(primaryOf(rebuilt.timeline))).toEqual([
      'shot-s2-video@0+300',
      'shot-s1-video@300+200',
      'shot-s5-video@500+60',
      'shot-s6-placeholder@560+90',
    ]);
    expect(trackById(rebuilt.timeline, 'music').items[0]!.volume).toBe(0.5);
    expect(timelineViolations(rebuilt.timeline)).toEqual([]);
  });
});
