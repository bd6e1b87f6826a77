import { createRequire } from 'node:module';
import path from 'node:path';
import type { MusicTrackInfo } from '../provider-types';
import { runTool } from './run-tool';

/** Sample rate of every library track as the pipeline handles it (composed or decoded). */
export const MUSIC_SAMPLE_RATE = 22050;

/** A stock library track: composed by `local-music`, or a file an operator imported. */
export interface LibraryTrack extends MusicTrackInfo {
  /** seconds */
  duration: number;
  /** Beats per minute, when known (every composed track). */
  bpm?: number;
  has_lyrics: boolean;
  /** A song's words, one line a line (the library's sung songs). */
  lyrics?: string;
  /** An imported track's file (absolute path) and its content type; absent for composed ones. */
  file?: { path: string; mimeType: string };
}

/** Where a library track is served from (the stock track's `url`). */
export const musicTrackUrl = (id: string) => `/api/music/tracks/${encodeURIComponent(id)}/audio`;

/**
 * ffmpeg arguments that decode any audio file to mono 32-bit float PCM at the library's rate
 * on stdout. `-nostdin`: never wait for a terminal; `-vn`: ignore cover art; `-ac 1`/`-ar`:
 * one channel at the rate the waveform and the music track use.
 */
export function decodeAudioArgs(file: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    file,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(MUSIC_SAMPLE_RATE),
    '-f',
    'f32le',
    '-',
  ];
}

/** Decodes an audio file to mono samples with ffmpeg (argument array, never a shell). */
export async function decodeAudioFile(file: string): Promise<Float32Array> {
  const bytes = await runTool('ffmpeg', decodeAudioArgs(file), {
    label: `decoding ${path.basename(file)}`,
  });
  return samplesOf(bytes);
}

function samplesOf(bytes: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4);
  return samples;
}

/**
 * The rate songs are analysed at (beats, tempo, waveform, length): onsets need no more, and a
 * minute of it is 2.6 MB of samples.
 */
export const ANALYSIS_SAMPLE_RATE = MUSIC_SAMPLE_RATE / 2;

/** Where to listen in a song: from `start` seconds, at most `seconds` long. */
export interface AudioWindow {
  start: number;
  seconds: number;
}

/**
 * ffmpeg arguments that decode only `window` of an audio file, as mono float PCM at `rate`, on
 * stdout. `-ss`/`-t` before `-i` seek and stop in the input, so ffmpeg reads no further than
 * the window; `-t` again on the output bounds what it writes even when the file lies about its
 * timing; `-ar` resamples inside ffmpeg, so Node only ever sees the low rate.
 */
export function decodeAudioWindowArgs(file: string, window: AudioWindow, rate: number): string[] {
  const seek = window.start > 0 ? ['-ss', String(window.start)] : [];
  return ['-hide_banner', '-nostdin', '-v', 'error']
    .concat(seek, ['-t', String(window.seconds), '-i', file])
    .concat(['-vn', '-ac', '1', '-ar', String(rate), '-t', String(window.seconds)])
    .concat(['-f', 'f32le', '-']);
}

/**
 * Decodes one window of an audio file (never the whole song): ffmpeg cuts and resamples it, and
 * the samples read are bounded by the window's length at `rate` whatever ffmpeg writes.
 */
export async function decodeAudioWindow(
  file: string,
  window: AudioWindow,
  options: { rate?: number; signal?: AbortSignal } = {},
): Promise<Float32Array> {
  const rate = options.rate ?? ANALYSIS_SAMPLE_RATE;
  const bytes = await runTool('ffmpeg', decodeAudioWindowArgs(file, window, rate), {
    label: `decoding ${path.basename(file)}`,
    maxOutputBytes: Math.ceil(window.seconds * rate) * 4,
    signal: options.signal,
  });
  return samplesOf(bytes);
}

/**
 * The track made to last `seconds`: looped when shorter, cut when longer, with a 1 s fade-in
 * and a 2 s fade-out (a quarter of the length at most), as composed tracks are.
 */
export function fitToLength(samples: Float32Array, seconds: number): Float32Array {
  const length = Math.max(1, Math.round(seconds * MUSIC_SAMPLE_RATE));
  const out = new Float32Array(length);
  if (samples.length === 0) return out;
  for (let i = 0; i < length; i++) out[i] = samples[i % samples.length]!;
  const fadeIn = Math.min(length / 4, MUSIC_SAMPLE_RATE);
  const fadeOut = Math.min(length / 4, MUSIC_SAMPLE_RATE * 2);
  for (let i = 0; i < length; i++)
    out[i] = out[i]! * Math.min(1, i / fadeIn, (length - i) / fadeOut);
  return out;
}

/** The `music-tempo` beat tracker (plain JavaScript without types, loaded as CommonJS). */
const MusicTempo = createRequire(import.meta.url)('music-tempo') as new (
  audio: Float32Array,
  params: Record<string, number>,
) => { tempo: string; beats: number[] };

/**
 * The beat tracker's range: 60–133 beats per minute. Within it the tracker picks the pulse,
 * not its double (an eighth-note groove at 90 is heard as 90, not 180).
 */
const BEAT_INTERVAL = { min: 0.45, max: 1 };

/** The tempo given to a song the tracker hears no pulse in (silence, a drone): no beats. */
export const DEFAULT_TEMPO = 120;

/**
 * The tempo (beats per minute) and the beat times (seconds) the `music-tempo` beat tracker
 * hears in samples at `rate` (the library rate by default). It listens at the analysis rate
 * (11 kHz is plenty for onsets, and four times faster than the library rate). A song with no
 * onsets to hear (silence) has no beats and `DEFAULT_TEMPO`; the tracker itself throws on it.
 */
export function trackBeats(
  samples: Float32Array,
  rate: number = MUSIC_SAMPLE_RATE,
): { tempo: number; beats: number[] } {
  let listened = samples;
  if (rate === MUSIC_SAMPLE_RATE) {
    listened = new Float32Array(samples.length >> 1);
    for (let i = 0; i < listened.length; i++)
      listened[i] = (samples[2 * i]! + samples[2 * i + 1]!) / 2;
  } else if (rate !== ANALYSIS_SAMPLE_RATE) {
    throw new Error(`Beats are tracked at ${MUSIC_SAMPLE_RATE} or ${ANALYSIS_SAMPLE_RATE} Hz`);
  }
  const hop = 110;
  let tracker: { tempo: string; beats: number[] };
  try {
    tracker = new MusicTempo(listened, {
      bufferSize: 1024,
      hopSize: hop,
      timeStep: hop / ANALYSIS_SAMPLE_RATE,
      minBeatInterval: BEAT_INTERVAL.min,
      maxBeatInterval: BEAT_INTERVAL.max,
    });
  } catch {
    // music-tempo throws ("Fail to find peaks") when it hears no onset at all.
    return { tempo: DEFAULT_TEMPO, beats: [] };
  }
  const tempo = Number(tracker.tempo);
  return {
    tempo: Number.isFinite(tempo) && tempo > 0 ? tempo : DEFAULT_TEMPO,
    beats: tracker.beats.map((b) => Math.round(b * 1000) / 1000),
  };
}

/** The tempo (beats per minute) the beat tracker hears in library-rate samples. */
export function measureTempo(samples: Float32Array): number {
  return trackBeats(samples).tempo;
}
