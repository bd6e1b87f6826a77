import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceKey } from '@storyloom/core';
import type { MusicTrackInfo } from '../provider-types';
import {
  composeTrack,
  plannedSeconds,
  planTrack,
  TAIL_SECONDS,
  tempoWord,
  type TrackPlan,
} from './music-composer';
import type { LibraryTrack } from './music-library';
import { runTool } from './run-tool';
import { LocalVoice } from './local-voice';

/**
 * The stock library's songs with sung words: a composed track of the "TOP 20" folder with the
 * local voice singing its lyrics over it. Each line is spoken by the voice-over voice, then
 * pitched to the note its bar's chord is built on (so the line follows the song's harmony,
 * within a fifth of the voice's own pitch) and timed to start on its bar, stretched to fit two
 * bars when it is longer; the voice is mixed over the track. Rendered once and cached with the
 * rest of the library (StockMusicRenderer).
 */

/** A song of the library: its track, its words (one line every two bars) and who sings. */
export interface SongDefinition {
  id: string;
  name: string;
  genre: string;
  mood: string;
  lyrics: readonly string[];
  voice: VoiceKey;
}

/** The songs. Short common words, so the lyrics video's recogniser can hear them. */
export const SONG_DEFINITIONS: readonly SongDefinition[] = [
  {
    id: 'local-song-001',
    name: 'Morning Light',
    genre: 'Pop',
    mood: 'Happy, Bright',
    voice: 'bright_female',
    lyrics: [
      'wake up to the morning light',
      'the sun is shining on the road',
      'we walk together in the town',
      'the sky is open and the day is new',
      'sing it with me one more time',
      'wake up to the morning light',
    ],
  },
  {
    id: 'local-song-002',
    name: 'Home Again',
    genre: 'Pop',
    mood: 'Warm, Calm',
    voice: 'calm_male',
    lyrics: [
      'I am coming home again',
      'the train is moving through the night',
      'my family is waiting by the door',
      'there is a light in every window',
      'I am coming home again',
      'and I will never go away',
    ],
  },
  {
    id: 'local-song-003',
    name: 'Summer Road',
    genre: 'Pop',
    mood: 'Happy, Energetic',
    voice: 'young_female',
    lyrics: [
      'drive with me on the summer road',
      'the windows down and the music loud',
      'we have the whole world in our hands',
      'the water is blue and the sand is warm',
      'drive with me on the summer road',
      'we will be young forever',
    ],
  },
  {
    id: 'local-song-004',
    name: 'City Rain',
    genre: 'Pop',
    mood: 'Calm, Dreamy',
    voice: 'warm_female',
    lyrics: [
      'rain is falling on the city',
      'people running in the street',
      'I am standing by the river',
      'thinking about you and me',
      'rain is falling on the city',
      'and the lights are coming on',
    ],
  },
  {
    id: 'local-song-005',
    name: 'Dance All Night',
    genre: 'Dance',
    mood: 'Energetic, Happy',
    voice: 'deep_male',
    lyrics: [
      'come on and dance all night',
      'put your hands up in the air',
      'move your feet to the music',
      'we are dancing in the light',
      'come on and dance all night',
      'the party never ends',
    ],
  },
  {
    id: 'local-song-006',
    name: 'Little Garden',
    genre: 'Pop',
    mood: 'Cute, Light',
    voice: 'auto',
    lyrics: [
      'in my little garden',
      'there are flowers red and yellow',
      'a bird is singing in the tree',
      'the bees are busy all day long',
      'in my little garden',
      'I am happy when I am there',
    ],
  },
];

/** The songs' folder: the trending list the music-video form shows. */
const SONG_FOLDER = 'TOP 20';
/** Bars of music before the first line, and bars each line is given. */
const INTRO_BARS = 4;
const BARS_PER_LINE = 2;
/** A line longer than its two bars is sped up, at most this much (faster is not understood). */
const MAX_SPEED_UP = 1.35;
/** Semitones a line is pitched at most, up or down, from the voice's own pitch. */
const MAX_SHIFT = 5;
/** How loud the track plays under the voice (the words must be heard). */
const TRACK_VOLUME = 0.2;
/** Decibels the track's middle frequencies are lowered by, to leave room for the words. */
const MID_CUT_DB = -10;

/** A song's plan: its track's plan and where each line starts, how it is pitched and stretched. */
export interface SongPlan {
  plan: TrackPlan;
  lines: { text: string; start: number; semitones: number; slot: number }[];
}

/** The scale degree's pitch class above the key's root (major scale), for a progression step. */
const MAJOR = [0, 2, 4, 5, 7, 9, 11];

/** Where each line of a song goes: on every second bar after the intro, pitched to its chord. */
export function planSong(song: SongDefinition): SongPlan {
  // Four bars of intro, two bars a line, four bars of outro (the tempo is the track's own).
  const bars = INTRO_BARS + song.lyrics.length * BARS_PER_LINE + 4;
  const { bpm } = planTrack(song.id, SONG_FOLDER, 60);
  const plan = planTrack(song.id, SONG_FOLDER, (bars * 4 * 60) / bpm + TAIL_SECONDS);
  const bar = (4 * 60) / plan.bpm;
  return {
    plan,
    lines: song.lyrics.map((text, i) => {
      const barIndex = INTRO_BARS + i * BARS_PER_LINE;
      const degree = plan.progression[barIndex % plan.progression.length]!;
      const pitch = MAJOR[degree % 7]!;
      // The chord's root, folded to the nearest octave of the voice's pitch.
      const semitones = pitch > MAX_SHIFT ? pitch - 12 : pitch;
      return { text, start: barIndex * bar, semitones, slot: BARS_PER_LINE * bar };
    }),
  };
}

/** A song as the library lists it (folder "TOP 20", with its words). */
export function songTrack(song: SongDefinition): LibraryTrack {
  const { plan } = planSong(song);
  return {
    id: song.id,
    name: song.name,
    genre: song.genre,
    mood: song.mood,
    tempo: tempoWord(plan.bpm),
    bpm: plan.bpm,
    folder: SONG_FOLDER,
    duration: plannedSeconds(plan),
    has_lyrics: true,
    lyrics: song.lyrics.join('\n'),
  };
}

export const LOCAL_SONGS: readonly LibraryTrack[] = SONG_DEFINITIONS.map(songTrack);

export const songDefinition = (id: string) => SONG_DEFINITIONS.find((s) => s.id === id);

/**
 * ffmpeg arguments that mix a song: the track (input 0) under the sung lines (inputs 1…), each
 * line pitched with rubberband (formants kept, so the voice stays a voice), sped up to fit its
 * two bars when longer, delayed to its bar; then brought to -16 LUFS like every library track
 * and encoded to MP3. `lineSeconds` is each line's spoken length.
 */
export function songMixArgs(input: {
  trackWav: string;
  lineWavs: readonly string[];
  song: SongPlan;
  lineSeconds: readonly number[];
  seconds: number;
  mp3Path: string;
}): string[] {
  const { song } = input;
  const filters = song.lines.map((line, i) => {
    const spoken = input.lineSeconds[i] ?? line.slot;
    const tempo = Math.min(MAX_SPEED_UP, Math.max(1, spoken / (line.slot * 0.92)));
    const pitch = 2 ** (line.semitones / 12);
    const delay = Math.round(line.start * 1000);
    return (
      `[${i + 1}:a]aresample=44100,aformat=channel_layouts=mono,` +
      `rubberband=pitch=${pitch.toFixed(4)}:tempo=${tempo.toFixed(4)}:formant=preserved,` +
      `adelay=${delay}|${delay}[v${i}]`
    );
  });
  const voices = song.lines.map((_, i) => `[v${i}]`).join('');
  const graph = [
    // The track's middle (where words are heard) is carved out, and the track ducks while a
    // line is sung, as a mix engineer makes room for a voice.
    `[0:a]aresample=44100,volume=${TRACK_VOLUME},equalizer=f=1800:t=q:w=0.8:g=${MID_CUT_DB}[track]`,
    ...filters,
    `${voices}amix=inputs=${song.lines.length}:duration=longest:normalize=0,apad=whole_dur=${input.seconds},asplit=2[vox][key]`,
    `[track][key]sidechaincompress=threshold=0.01:ratio=12:attack=15:release=350[ducked]`,
    `[ducked][vox]amix=inputs=2:duration=first:normalize=0,` +
      `atrim=end=${input.seconds},loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100[out]`,
  ].join(';');
  return mp3Args(
    [
      '-i',
      input.trackWav,
      ...input.lineWavs.flatMap((wav) => ['-i', wav]),
      '-filter_complex',
      graph,
      '-map',
      '[out]',
    ],
    input.mp3Path,
  );
}

/**
 * A quiet ffmpeg run with `args` (inputs and filters) whose output is written to `mp3Path` as
 * the music library's MP3: stereo, 160 kbit/s.
 */
export function mp3Args(args: readonly string[], mp3Path: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...args,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '160k',
    '-f',
    'mp3',
    mp3Path,
  ];
}

/**
 * Renders a song into `mp3Path`, working in `work`: the track played by fluidsynth (`playMidi`),
 * each line sung by the local voice, and the mix.
 */
export async function renderSong(input: {
  track: Pick<MusicTrackInfo, 'id' | 'folder'> & { duration: number };
  work: string;
  mp3Path: string;
  playMidi: (midiPath: string, wavPath: string) => Promise<void>;
  signal?: AbortSignal;
}): Promise<void> {
  const song = songDefinition(input.track.id);
  if (!song) throw new Error(`No song ${input.track.id} in the library`);
  const plan = planSong(song);
  const { midi } = composeTrack(input.track, input.track.duration);
  const midiPath = path.join(input.work, 'track.mid');
  const trackWav = path.join(input.work, 'track.wav');
  await writeFile(midiPath, midi);
  await input.playMidi(midiPath, trackWav);
  const voice = new LocalVoice();
  const lineWavs: string[] = [];
  const lineSeconds: number[] = [];
  for (const [i, line] of plan.lines.entries()) {
    if (input.signal?.aborted) throw new Error('Song render aborted');
    const sung = await voice.speak({
      phrases: [line.text],
      voice: song.voice,
      leadSeconds: 0,
      tailSeconds: 0,
      fps: 25,
    });
    const wav = path.join(input.work, `line-${i}.wav`);
    await writeFile(wav, sung.bytes);
    lineWavs.push(wav);
    lineSeconds.push(sung.durationSeconds);
  }
  await runTool(
    'ffmpeg',
    songMixArgs({
      trackWav,
      lineWavs,
      song: plan,
      lineSeconds,
      seconds: input.track.duration,
      mp3Path: input.mp3Path,
    }),
    { label: `song ${input.track.id}`, signal: input.signal },
  );
}
