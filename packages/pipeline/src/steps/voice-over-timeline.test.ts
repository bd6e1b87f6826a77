import { describe, expect, it } from 'vitest';
import type { MediaAsset, ShotsMap } from '@storyloom/core';
import { buildVoiceOverTimeline, MUSIC_VOLUME } from './voice-over-timeline';

const shotsMap: ShotsMap = {
  'shot-002': {
    shot_id: 'shot-002',
    shot_type: 'auto',
    lexorank: 'n',
    active_image_id: 'image-2',
    active_voice_over_audio_id: 'voice-2',
  },
  'shot-001': {
    shot_id: 'shot-001',
    shot_type: 'auto',
    lexorank: 'c',
    active_image_id: 'image-1',
    active_voice_over_audio_id: 'voice-1',
  },
};
const assets: MediaAsset[] = [
  { id: 'image-1', url: '/media/a.jpg', resource_type: 'image' },
  { id: 'image-2', url: '/media/b.jpg', resource_type: 'image' },
  {
    id: 'voice-1',
    url: '/media/a.wav',
    resource_type: 'audio',
    subtype: 'voiceover',
    metadata: { duration: 3 },
  },
  {
    id: 'voice-2',
    url: '/media/b.wav',
    resource_type: 'audio',
    subtype: 'voiceover',
    metadata: { duration: 2 },
  },
  {
    id: 'music',
    url: '/media/m.wav',
    resource_type: 'audio',
    subtype: 'music',
    metadata: { duration: 5 },
  },
];

describe('buildVoiceOverTimeline', () => {
  const timeline = buildVoiceOverTimeline({
    shotsMap,
    mediaAssets: assets,
    phrases: {
      'shot-001': [{ text: 'One two', start: 1, end: 2.5 }],
      'shot-002': [{ text: 'Three', start: 0.1, end: 1.5 }],
    },
    musicAssetId: 'music',
    captions: true,
  });

  it('lays the shots out in lexorank order, each as long as its voice-over', () => {
    const primary = timeline.tracks.find((t) => t.isPrimary)!;
    expect(primary.items.map((i) => [i.shotId, i.startTimeInFrames, i.durationInFrames])).toEqual([
      ['shot-001', 0, 90],
      ['shot-002', 90, 60],
    ]);
  });

  it('times captions from the voice', () => {
    const captions = timeline.tracks.find((t) => t.type === 'caption')!;
    expect(
      captions.items.map((i) => [i.caption?.data.text, i.startTimeInFrames, i.durationInFrames]),
    ).toEqual([
      ['One two', 30, 45],
      ['Three', 93, 42],
    ]);
  });

  it('ducks the music under the speech', () => {
    const music = timeline.tracks.find((t) => t.subtype === 'music')!;
    expect(
      music.items.map((i) => [
        i.startTimeInFrames,
        i.durationInFrames,
        i.volume,
        i.sourceTrimStartFrames,
      ]),
    ).toEqual([
      [0, 30, MUSIC_VOLUME.open, 0],
      [30, 105, MUSIC_VOLUME.ducked, 30],
      [135, 15, MUSIC_VOLUME.open, 135],
    ]);
  });

  it('keeps the workflow defaults and the captions choice', () => {
    expect(timeline.globalConfig).toMatchObject({
      fps: 30,
      watermark: { enabled: true },
      captions: { enabled: true },
    });
    const off = buildVoiceOverTimeline({
      shotsMap,
      mediaAssets: assets,
      phrases: {},
      captions: false,
    });
    expect(off.globalConfig.captions.enabled).toBe(false);
    expect(off.tracks.some((t) => t.subtype === 'music')).toBe(false);
  });
});
