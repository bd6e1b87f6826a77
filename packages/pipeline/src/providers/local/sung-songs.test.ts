import { describe, expect, it } from 'vitest';
import { TRENDING_FOLDER, stockMusicTrackSchema } from '@storyloom/core';
import { chooseTrack, LocalMusic } from './local-music';
import { plannedSeconds } from './music-composer';
import { LOCAL_SONGS, planSong, SONG_DEFINITIONS, songMixArgs } from './sung-songs';

describe('the stock songs with sung words', () => {
  it('lists at least five songs with their words in the trending folder', () => {
    expect(LOCAL_SONGS.length).toBeGreaterThanOrEqual(5);
    const music = new LocalMusic();
    for (const song of LOCAL_SONGS) {
      expect(song.folder).toBe(TRENDING_FOLDER);
      expect(song.has_lyrics).toBe(true);
      expect(song.lyrics!.split('\n').length).toBeGreaterThanOrEqual(4);
      expect(music.findTrack(song.id)).toBe(song);
      expect(
        stockMusicTrackSchema.safeParse({ ...song, url: '/x', story_media_resources_id: null })
          .success,
      ).toBe(true);
    }
    expect(new Set(LOCAL_SONGS.map((s) => s.name)).size).toBe(LOCAL_SONGS.length);
  });

  it('never picks a song as background music', () => {
    for (let i = 0; i < 200; i++) expect(chooseTrack(`story-${i}`).has_lyrics).toBe(false);
  });

  it('sings a line every two bars after the intro, pitched within a fifth, inside the track', () => {
    for (const definition of SONG_DEFINITIONS) {
      const { plan, lines } = planSong(definition);
      const bar = (4 * 60) / plan.bpm;
      lines.forEach((line, i) => {
        expect(line.start).toBeCloseTo((4 + 2 * i) * bar, 6);
        expect(Math.abs(line.semitones)).toBeLessThanOrEqual(5);
        expect(line.start + line.slot).toBeLessThanOrEqual(plannedSeconds(plan) - 4 * bar + 1e-6);
      });
      expect(plan.sections.slice(0, 4)).toEqual(['intro', 'intro', 'intro', 'intro']);
    }
  });

  it('mixes the voice over the ducked track with one ffmpeg filter graph', () => {
    const song = planSong(SONG_DEFINITIONS[0]!);
    const two = { ...song, lines: song.lines.slice(0, 2) };
    const args = songMixArgs({
      trackWav: '/w/track.wav',
      lineWavs: ['/w/line-0.wav', '/w/line-1.wav'],
      song: two,
      lineSeconds: [2, 10],
      seconds: 41,
      mp3Path: '/w/song.mp3',
    });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    const [l0, l1] = two.lines;
    expect(graph).toContain(
      `[1:a]aresample=44100,aformat=channel_layouts=mono,rubberband=pitch=${(2 ** (l0!.semitones / 12)).toFixed(4)}:tempo=1.0000:formant=preserved,adelay=${Math.round(l0!.start * 1000)}|${Math.round(l0!.start * 1000)}[v0]`,
    );
    // A line longer than its two bars is sped up, at most 1.35 times.
    expect(graph).toContain(
      `tempo=1.3500:formant=preserved,adelay=${Math.round(l1!.start * 1000)}`,
    );
    expect(graph).toContain(
      '[v0][v1]amix=inputs=2:duration=longest:normalize=0,apad=whole_dur=41,asplit=2[vox][key]',
    );
    expect(graph).toContain('[track][key]sidechaincompress=');
    expect(graph).toContain('atrim=end=41,loudnorm=I=-16:TP=-1.5:LRA=11');
    expect(args.slice(0, 9).join(' ')).toBe(
      '-hide_banner -nostdin -v error -y -i /w/track.wav -i /w/line-0.wav',
    );
    expect(args.slice(-11).join(' ')).toBe(
      '-map [out] -ac 2 -c:a libmp3lame -b:a 160k -f mp3 /w/song.mp3',
    );
  });
});
