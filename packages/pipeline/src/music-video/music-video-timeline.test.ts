import { describe, expect, it } from 'vitest';
import type { MediaAsset, ShotsMap } from '@storyloom/core';
import { buildMusicVideoTimeline, SONG_ASSET_ID } from './music-video-timeline';
import {
  brollLine,
  musicVideoShotLines,
  performanceBrollLine,
  songSection,
} from './music-video-shot-lines';
import { withArtist } from './music-video-steps';

const shotsMap: ShotsMap = {
  'shot-002': {
    shot_id: 'shot-002',
    lexorank: 'n',
    script: 'Dancing in the rain.',
    active_image_id: 'image-2',
    cut_start_frame: 71,
    cut_end_frame: 300,
  },
  'shot-001': {
    shot_id: 'shot-001',
    lexorank: 'c',
    script: '',
    active_image_id: 'image-1',
    cut_start_frame: 0,
    cut_end_frame: 71,
  },
};
const assets: MediaAsset[] = [
  { id: 'image-1', url: '/media/a.jpg', resource_type: 'image' },
  { id: 'image-2', url: '/media/b.jpg', resource_type: 'image' },
  {
    id: SONG_ASSET_ID,
    url: '/media/uploads/song.mp3',
    resource_type: 'audio',
    subtype: 'music',
    metadata: { duration: 10 },
  },
];

describe('buildMusicVideoTimeline', () => {
  it('puts each shot exactly on its frames and the song under the whole video', () => {
    const timeline = buildMusicVideoTimeline({ shotsMap, mediaAssets: assets, captions: true });
    const primary = timeline.tracks.find((t) => t.isPrimary)!;
    expect(primary.items.map((i) => [i.shotId, i.startTimeInFrames, i.durationInFrames])).toEqual([
      ['shot-001', 0, 71],
      ['shot-002', 71, 229],
    ]);
    const music = timeline.tracks.find((t) => t.subtype === 'music')!;
    expect(music.items).toEqual([
      expect.objectContaining({
        mediaAssetId: SONG_ASSET_ID,
        startTimeInFrames: 0,
        durationInFrames: 300,
        sourceTrimStartFrames: 0,
        sourceTrimEndFrames: 300,
        volume: 1,
      }),
    ]);
    // Only a shot with a line gets a caption; no voice-over track.
    const captions = timeline.tracks.find((t) => t.type === 'caption')!;
    expect(captions.items.map((i) => [i.startTimeInFrames, i.caption?.data.text])).toEqual([
      [71, 'Dancing in the rain.'],
    ]);
    expect(timeline.tracks.some((t) => t.subtype === 'voiceover')).toBe(false);
  });

  it('has no captions when they are off', () => {
    const timeline = buildMusicVideoTimeline({ shotsMap, mediaAssets: assets, captions: false });
    expect(timeline.tracks.some((t) => t.type === 'caption')).toBe(false);
    expect(timeline.globalConfig.captions.enabled).toBe(false);
  });

  it('refuses a shot whose picture is missing', () => {
    expect(() =>
      buildMusicVideoTimeline({ shotsMap, mediaAssets: assets.slice(1), captions: true }),
    ).toThrow('MediaAsset not found for shot shot-001');
  });
});

describe('musicVideoShotLines', () => {
  it('spreads the storyline over the shots in order and sets each in the scene', () => {
    expect(
      musicVideoShotLines({
        videoType: 'consistent-character',
        storyline: 'A fox wakes up. The fox runs to the river.',
        scene: 'in a snowy forest.',
        count: 4,
      }),
    ).toEqual([
      'A fox wakes up, in a snowy forest.',
      'A fox wakes up, in a snowy forest.',
      'The fox runs to the river, in a snowy forest.',
      'The fox runs to the river, in a snowy forest.',
    ]);
  });

  it('has the chosen artist perform in every singing & dancing shot, in the scene', () => {
    const lines = musicVideoShotLines({
      videoType: 'singing-dancing',
      artist: 'Maya',
      // Not a field of this type: the artist performs whatever it says.
      storyline: 'A fox wakes up.',
      scene: 'on a rooftop at night.',
      count: 5,
    });
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).toMatch(/^Maya (sings|dances) /);
      expect(line).toMatch(/, on a rooftop at night\.$/);
      expect(line).not.toMatch(/\b(a|the) singer\b|fox/i);
    }
    expect(performanceBrollLine('Maya', 'on a rooftop at night.')).toBe(
      'Cutaway: a close-up of Maya performing, on a rooftop at night.',
    );
  });

  it("uses the type's own lines when the creator writes none", () => {
    const lines = musicVideoShotLines({ videoType: 'consistent-style', count: 3 });
    expect(lines).toHaveLength(3);
    expect(new Set(lines).size).toBe(3);
  });

  it('names the sections of a song by position', () => {
    expect(Array.from({ length: 6 }, (_, i) => songSection(i, 6))).toEqual([
      'intro',
      'verse',
      'chorus',
      'chorus',
      'verse',
      'outro',
    ]);
  });
});

describe('lyric captions', () => {
  const lyricShots: ShotsMap = {
    'shot-001': {
      shot_id: 'shot-001',
      lexorank: 'c',
      active_image_id: 'image-1',
      cut_start_frame: 0,
      cut_end_frame: 150,
      lyric_lines: [
        {
          text: 'hello there',
          start: 1,
          end: 2,
          words: [
            { word: 'hello', start: 1, end: 1.4 },
            { word: 'there', start: 1.5, end: 2 },
          ],
        },
        { text: 'again', start: 2.2, end: 2.6 },
      ],
    },
    'shot-002': {
      shot_id: 'shot-002',
      lexorank: 'n',
      active_image_id: 'image-2',
      cut_start_frame: 150,
      cut_end_frame: 300,
    },
  };
  const captionsOf = (animatedLyrics: boolean) =>
    buildMusicVideoTimeline({
      shotsMap: lyricShots,
      mediaAssets: assets,
      captions: true,
      animatedLyrics,
    })
      .tracks.find((t) => t.type === 'caption')!
      .items.map((i) => [i.caption?.data.text, i.startTimeInFrames, i.durationInFrames]);

  it('shows each line while it is sung, never over the next one', () => {
    expect(captionsOf(false)).toEqual([
      ['hello there', 30, 36],
      ['again', 66, 30],
    ]);
  });

  it('grows each line word by word when animated', () => {
    expect(captionsOf(true)).toEqual([
      ['hello', 30, 15],
      ['hello there', 45, 21],
      ['again', 66, 30],
    ]);
  });
});

describe('B-roll', () => {
  it('shows a close detail of the shot before it', () => {
    expect(brollLine('Waves roll onto a quiet beach.')).toBe(
      'Cutaway: a close-up detail of the scene where waves roll onto a quiet beach.',
    );
  });
});

describe('withArtist', () => {
  it('names the artist as the performer of a prompt, whatever the writer made of the name', () => {
    expect(withArtist('Wide shot of a leo singing on a stage.', 'Leo')).toBe(
      'Wide shot of Leo singing on a stage.',
    );
    expect(withArtist('Wide shot of a person in the city at night.', 'Mia')).toBe(
      'Wide shot of Mia in the city at night.',
    );
    expect(withArtist('A stage under bright lights.', 'Dr. Who (2)')).toBe(
      'Dr. Who (2) performing. A stage under bright lights.',
    );
  });
});
