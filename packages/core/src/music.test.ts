import { describe, expect, it } from 'vitest';
import {
  defaultTrimWindow,
  formatMinutesSeconds,
  musicUrlServerErrorMessage,
  searchMusic,
  splitMoods,
  validateAudioFile,
  validateMusicUrl,
  validateTrimDuration,
} from './index';

const tracks = [
  { name: 'Sunny Day', genre: 'Pop', mood: 'Happy, Bright', tempo: 'Fast' },
  { name: 'Rainy Night', genre: 'Jazz', mood: 'Sad, Calm', tempo: 'Slow' },
  { name: 'Rush', genre: 'Pop', mood: 'Energetic', tempo: 'Upbeat' },
];

describe('music search', () => {
  it('matches name, genre, mood and tempo case-insensitively', () => {
    expect(searchMusic(tracks, 'sunny').map((t) => t.name)).toEqual(['Sunny Day']);
    expect(searchMusic(tracks, 'JAZZ').map((t) => t.name)).toEqual(['Rainy Night']);
    expect(searchMusic(tracks, 'calm').map((t) => t.name)).toEqual(['Rainy Night']);
    expect(searchMusic(tracks, 'upbeat').map((t) => t.name)).toEqual(['Rush']);
    expect(searchMusic(tracks, '  ')).toHaveLength(3);
  });

  it('ORs within a filter and ANDs across filters', () => {
    expect(searchMusic(tracks, '', { genres: ['Pop', 'Jazz'] })).toHaveLength(3);
    expect(
      searchMusic(tracks, '', { genres: ['Pop'], moods: ['happy', 'sad'] }).map((t) => t.name),
    ).toEqual(['Sunny Day']);
    expect(searchMusic(tracks, '', { genres: ['Pop'], tempos: ['Slow'] })).toEqual([]);
  });

  it('splits moods on commas', () => {
    expect(splitMoods(' Happy , Bright,, ')).toEqual(['Happy', 'Bright']);
    expect(splitMoods(undefined)).toEqual([]);
  });
});

describe('music URL dialog', () => {
  it.each([
    ['', 'Please enter a URL'],
    ['   ', 'Please enter a URL'],
    ['suno song', 'Please enter a valid URL'],
    ['ftp://suno.com/x', 'Please enter a valid URL'],
    ['https://youtube.com/watch?v=1', 'Please enter a URL from TikTok or Suno Music'],
    ['https://notsuno.com/song', 'Please enter a URL from TikTok or Suno Music'],
    ['https://suno.com/song/abc', null],
    ['https://app.suno.ai/song/abc', null],
    ['https://www.tiktok.com/@a/video/1', null],
    ['https://vm.tiktok.com/ZM123/', null],
  ])('%s -> %s', (input, message) => {
    expect(validateMusicUrl(input)).toBe(message);
  });

  it('takes Suno links only where the form says so (the lyrics form)', () => {
    expect(validateMusicUrl('https://suno.com/song/abc', 'suno')).toBeNull();
    expect(validateMusicUrl('https://app.suno.ai/song/abc', 'suno')).toBeNull();
    expect(validateMusicUrl('https://www.tiktok.com/music/x-1', 'suno')).toBe(
      'Please enter a URL from Suno Music',
    );
    expect(validateMusicUrl('', 'suno')).toBe('Please enter a URL');
  });

  it('maps media download failures', () => {
    expect(musicUrlServerErrorMessage('modal download media failed: 403')).toBe(
      'Failed to parse music URL. Please try again.',
    );
    expect(musicUrlServerErrorMessage('Song is private')).toBe('Song is private');
  });
});

describe('audio upload and trim', () => {
  it.each([
    [{ name: 'a.mp3', type: 'audio/mpeg', size: 1000 }, null],
    [{ name: 'a.FLAC', type: 'audio/flac', size: 26214400 }, null],
    [{ name: 'a.mp3', type: 'video/mp4', size: 1 }, 'Please select a valid audio file'],
    [
      { name: 'a.opus', type: 'audio/opus', size: 1 },
      'Please select a valid audio file (.mp3, .wav, .m4a, .aac, .ogg, .flac, .wma)',
    ],
    [{ name: 'a.wav', type: 'audio/wav', size: 26214401 }, 'Audio file size must be 25MB or less'],
  ])('%j -> %s', (file, message) => {
    expect(validateAudioFile(file)).toBe(message);
  });

  it('validates trim length with m:ss', () => {
    expect(formatMinutesSeconds(9.7)).toBe('0:09');
    expect(formatMinutesSeconds(300)).toBe('5:00');
    expect(validateTrimDuration(9)).toBe(
      'Trimmed audio must be at least 10 seconds long. Current duration: 0:09',
    );
    expect(validateTrimDuration(61)).toBe(
      'Trimmed audio must be no longer than 60 seconds. Current duration: 1:01',
    );
    expect(validateTrimDuration(200, 300)).toBeNull();
    expect(validateTrimDuration(10)).toBeNull();
  });

  it('centres a 30 s default window in long songs', () => {
    expect(defaultTrimWindow(40)).toEqual({ start: 0, end: 40 });
    expect(defaultTrimWindow(100)).toEqual({ start: 35, end: 65 });
  });
});
