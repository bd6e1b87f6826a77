import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waveformPeaks } from '@storyloom/core';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_MUSIC_LIBRARY, LocalMusic } from './local-music';
import { LOCAL_SONGS } from './sung-songs';
import {
  ANALYSIS_SAMPLE_RATE,
  decodeAudioArgs,
  decodeAudioWindow,
  decodeAudioWindowArgs,
  DEFAULT_TEMPO,
  fitToLength,
  MUSIC_SAMPLE_RATE,
  musicTrackUrl,
  trackBeats,
  type LibraryTrack,
} from './music-library';
import { decodeWav } from './wav';

const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-music-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('waveformPeaks', () => {
  it('gives one peak per window, scaled so the loudest is 1', () => {
    const samples = new Float32Array([0.1, -0.2, 0.4, 0, -0.8, 0.2]);
    expect(waveformPeaks(samples, 3)).toEqual([0.25, 0.5, 1]);
  });
  it('gives zeros for silence and never more peaks than samples', () => {
    expect(waveformPeaks(new Float32Array(4), 1000)).toEqual([0, 0, 0, 0]);
    expect(waveformPeaks(new Float32Array(0), 1000)).toEqual([]);
  });
});

describe('fitToLength', () => {
  it('loops a short sound to the length asked, fading in and out', () => {
    const samples = new Float32Array(MUSIC_SAMPLE_RATE).fill(0.5);
    const out = fitToLength(samples, 10);
    expect(out.length).toBe(10 * MUSIC_SAMPLE_RATE);
    expect(out[0]).toBe(0);
    expect(out[5 * MUSIC_SAMPLE_RATE]).toBeCloseTo(0.5);
    expect(Math.abs(out[out.length - 1]!)).toBeLessThan(0.001);
  });
});

describe('the music library', () => {
  it('decodes with ffmpeg to mono float PCM at the library rate', () => {
    expect(decodeAudioArgs('/music/a.mp3').join(' ')).toBe(
      '-hide_banner -nostdin -v error -i /music/a.mp3 -vn -ac 1 -ar 22050 -f f32le -',
    );
  });

  it('has 100 composed tracks of about 45–120 s with a tempo, no lyrics, in the spec folders', () => {
    expect(LOCAL_MUSIC_LIBRARY).toHaveLength(100);
    const names = [...LOCAL_MUSIC_LIBRARY, ...LOCAL_SONGS].map((track) => track.name);
    expect(new Set(names).size).toBe(names.length);
    for (const track of LOCAL_MUSIC_LIBRARY) {
      expect(track.duration).toBeGreaterThanOrEqual(40);
      expect(track.duration).toBeLessThanOrEqual(130);
      expect(track.bpm).toBeGreaterThan(60);
      expect(track.has_lyrics).toBe(false);
    }
  });

  it('finds a track by id or by its library URL', () => {
    const music = new LocalMusic();
    const track = LOCAL_MUSIC_LIBRARY[6]!;
    expect(music.findTrack(track.id)).toBe(track);
    expect(music.findTrack(`http://host${musicTrackUrl(track.id)}`)).toBe(track);
    expect(music.findTrack('https://example.com/song.mp3')).toBeUndefined();
  });

  it('plays an imported file looped to the story length', async () => {
    const file = path.join(dir, 'tone.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-y',
      file,
    ]);
    const imported: LibraryTrack = {
      id: 'import-tone',
      name: 'Tone',
      genre: 'Test',
      mood: 'Calm',
      tempo: 'Slow',
      folder: 'Mine',
      duration: 2,
      has_lyrics: false,
      file: { path: file, mimeType: 'audio/wav' },
    };
    const music = new LocalMusic([imported]);
    expect(music.tracks).toHaveLength(LOCAL_MUSIC_LIBRARY.length + LOCAL_SONGS.length + 1);
    const own = await music.samples(imported);
    expect(own.length / MUSIC_SAMPLE_RATE).toBeCloseTo(2, 1);
    const result = await music.compose({ seed: 's', durationSeconds: 5, trackId: 'import-tone' });
    const wav = decodeWav(result.bytes);
    expect(wav.samples.length / wav.sampleRate).toBeCloseTo(5, 2);
    expect(Math.max(...waveformPeaks(wav.samples, 17))).toBe(1);
  });
});

describe('bounded song analysis', () => {
  it('decodes only a window, resampled inside ffmpeg to the analysis rate', () => {
    expect(
      decodeAudioWindowArgs(
        '/x/song.flac',
        { start: 12.5, seconds: 60 },
        ANALYSIS_SAMPLE_RATE,
      ).join(' '),
    ).toBe(
      '-hide_banner -nostdin -v error -ss 12.5 -t 60 -i /x/song.flac -vn -ac 1 -ar 11025 -t 60 -f f32le -',
    );
    expect(decodeAudioWindowArgs('/x/s.wav', { start: 0, seconds: 5 }, 11025)).not.toContain('-ss');
  });

  it('reads no more samples than the window holds, even from a song that goes on for hours', async () => {
    // Three minutes of sound; a 2-second window yields 2 s of samples, not three minutes.
    const file = path.join(dir, 'long.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=180',
      file,
    ]);
    const samples = await decodeAudioWindow(file, { start: 0, seconds: 2 });
    expect(samples.length).toBe(2 * ANALYSIS_SAMPLE_RATE);
  });

  it('gives a silent song no beats and the default tempo instead of failing', () => {
    expect(trackBeats(new Float32Array(30 * ANALYSIS_SAMPLE_RATE), ANALYSIS_SAMPLE_RATE)).toEqual({
      tempo: DEFAULT_TEMPO,
      beats: [],
    });
    expect(trackBeats(new Float32Array(0))).toEqual({ tempo: DEFAULT_TEMPO, beats: [] });
  });
});
