import { MUSIC_FOLDERS } from '@storyloom/core';
import type { GeneratedMedia, MusicProvider, MusicTrackInfo } from '../provider-types';
import {
  decodeAudioFile,
  fitToLength,
  MUSIC_SAMPLE_RATE,
  type LibraryTrack,
} from './music-library';
import { hashText, pick, seededRandom } from './seeded-random';
import { encodeWav } from './wav';

const SAMPLE_RATE = MUSIC_SAMPLE_RATE;

interface FolderStyle {
  genre: string;
  moods: string[];
  tempos: MusicTrackInfo['tempo'][];
  minor: boolean;
}

const FOLDER_STYLES: Record<(typeof MUSIC_FOLDERS)[number], FolderStyle> = {
  Cute: {
    genre: 'Children',
    moods: ['Playful', 'Cute', 'Happy'],
    tempos: ['Medium', 'Upbeat'],
    minor: false,
  },
  Dynamic: {
    genre: 'Electronic',
    moods: ['Energetic', 'Driving', 'Bold'],
    tempos: ['Fast', 'Upbeat'],
    minor: true,
  },
  'Light and Cheerful': {
    genre: 'Pop',
    moods: ['Cheerful', 'Bright', 'Hopeful'],
    tempos: ['Medium', 'Upbeat'],
    minor: false,
  },
  'On Beat': {
    genre: 'Hip Hop',
    moods: ['Groovy', 'Confident', 'Cool'],
    tempos: ['Medium', 'Fast'],
    minor: true,
  },
  Quirky: {
    genre: 'Comedy',
    moods: ['Quirky', 'Funny', 'Curious'],
    tempos: ['Medium', 'Fast'],
    minor: false,
  },
  Sad: {
    genre: 'Cinematic',
    moods: ['Sad', 'Reflective', 'Tender'],
    tempos: ['Slow'],
    minor: true,
  },
  Soothing: {
    genre: 'Ambient',
    moods: ['Calm', 'Soothing', 'Dreamy'],
    tempos: ['Slow', 'Medium'],
    minor: false,
  },
  'TOP 20': {
    genre: 'Pop',
    moods: ['Uplifting', 'Catchy', 'Inspiring'],
    tempos: ['Medium', 'Upbeat', 'Fast'],
    minor: false,
  },
  Default: {
    genre: 'Corporate',
    moods: ['Inspiring', 'Positive', 'Calm'],
    tempos: ['Medium'],
    minor: false,
  },
};

const NAME_WORDS = [
  'Morning',
  'Paper',
  'Neon',
  'Velvet',
  'Little',
  'Golden',
  'Silent',
  'Bright',
  'Open',
  'Wander',
  'Echo',
  'Maple',
  'Harbor',
  'Pixel',
  'Cloud',
  'Amber',
  'River',
  'Tiny',
  'Orbit',
  'Sunday',
];
const NAME_NOUNS = [
  'Steps',
  'Lights',
  'Garden',
  'Drive',
  'Parade',
  'Waves',
  'Skies',
  'Loop',
  'Journey',
  'Spark',
  'Breeze',
  'Avenue',
  'Dream',
  'Signal',
  'Bloom',
  'Tide',
  'Motion',
  'Story',
  'Glow',
  'Pulse',
];

/**
 * The procedurally composed stock library: 100 tracks across the folders of spec 1 §9, each
 * 45–120 s long as a stock track (a story's music is composed to the story's length).
 */
export const LOCAL_MUSIC_LIBRARY: readonly LibraryTrack[] = Array.from({ length: 100 }, (_, i) => {
  const folder = MUSIC_FOLDERS[i % MUSIC_FOLDERS.length]!;
  const style = FOLDER_STYLES[folder];
  const random = seededRandom(`track-${i}`);
  return {
    id: `local-music-${String(i + 1).padStart(3, '0')}`,
    name: `${pick(random, NAME_WORDS)} ${pick(random, NAME_NOUNS)}`,
    genre: style.genre,
    mood: [pick(random, style.moods), pick(random, style.moods)]
      .filter((m, j, all) => all.indexOf(m) === j)
      .join(', '),
    tempo: pick(random, style.tempos),
    folder,
    duration: 45 + Math.floor(random() * 76),
    has_lyrics: false,
  };
});

const BPM: Record<MusicTrackInfo['tempo'], number> = {
  Slow: 72,
  Medium: 96,
  Fast: 118,
  Upbeat: 126,
};
const MAJOR_PROGRESSIONS = [
  [0, 7, 9, 5],
  [0, 5, 7, 5],
  [0, 9, 5, 7],
  [0, 4, 5, 7],
];
const MINOR_PROGRESSIONS = [
  [0, 8, 3, 10],
  [0, 5, 8, 7],
  [0, 3, 8, 10],
];

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/**
 * Renders a library track for `seconds`: a chord pad, a bass on the beats, a plucked arpeggio
 * and (for faster tempos) a soft kick and hi-hat, faded in and out. Pure maths on samples, so
 * the same track and length always give the same file.
 */
export function renderTrack(track: MusicTrackInfo, seconds: number): Float32Array {
  const random = seededRandom(track.id);
  const style = FOLDER_STYLES[track.folder as keyof typeof FOLDER_STYLES] ?? FOLDER_STYLES.Default;
  const bpm = BPM[track.tempo];
  const beat = 60 / bpm;
  const root = 48 + Math.floor(random() * 7);
  const progression = pick(random, style.minor ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS);
  const third = style.minor ? 3 : 4;
  const length = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const out = new Float32Array(length);
  const drums = track.tempo === 'Fast' || track.tempo === 'Upbeat';
  const arpPattern = [0, third, 7, 12, third + 12, 7, third, 0].map(
    (n) => n + (random() < 0.5 ? 12 : 0),
  );
  let noise = hashText(track.id) || 1;
  const white = () => {
    noise ^= noise << 13;
    noise ^= noise >>> 17;
    noise ^= noise << 5;
    return ((noise >>> 0) / 4294967296) * 2 - 1;
  };
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const beatIndex = Math.floor(t / beat);
    const bar = Math.floor(beatIndex / 4);
    const chordRoot = root + progression[bar % progression.length]!;
    const inBeat = t - beatIndex * beat;
    // Pad: root, third, fifth, softly.
    let v = 0;
    for (const interval of [0, third, 7])
      v += Math.sin(2 * Math.PI * midiHz(chordRoot + 12 + interval) * t) * 0.06;
    // Bass: a triangle on each beat with a gentle decay.
    const bassPhase = (midiHz(chordRoot - 12) * t) % 1;
    v += (1 - 4 * Math.abs(bassPhase - 0.5)) * 0.16 * Math.exp(-inBeat * 3);
    // Arpeggio: eighth notes, plucked.
    const eighth = Math.floor(t / (beat / 2));
    const inEighth = t - eighth * (beat / 2);
    const note = chordRoot + 12 + arpPattern[eighth % arpPattern.length]!;
    v += Math.sin(2 * Math.PI * midiHz(note) * t) * 0.12 * Math.exp(-inEighth * 9);
    if (drums) {
      v +=
        Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-inBeat * 30)) * inBeat) *
        0.35 *
        Math.exp(-inBeat * 12);
      v += white() * 0.04 * Math.exp(-inEighth * 40);
    }
    out[i] = v;
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? 0.8 / peak : 1;
  const fadeIn = Math.min(length / 4, SAMPLE_RATE * 1);
  const fadeOut = Math.min(length / 4, SAMPLE_RATE * 2);
  for (let i = 0; i < length; i++) {
    const envelope = Math.min(1, i / fadeIn, (length - i) / fadeOut);
    out[i] = out[i]! * gain * envelope;
  }
  return out;
}

/** Picks a composed library track for a seed, preferring one whose mood matches. */
export function chooseTrack(seed: string, mood?: string): LibraryTrack {
  const wanted = mood?.toLowerCase();
  const matching = wanted
    ? LOCAL_MUSIC_LIBRARY.filter((t) => t.mood.toLowerCase().includes(wanted))
    : [];
  const pool =
    matching.length > 0 ? matching : LOCAL_MUSIC_LIBRARY.filter((t) => t.folder !== 'Sad');
  return pool[hashText(seed) % pool.length]!;
}

/**
 * The local music provider (`local-music`): the procedurally composed stock library plus the
 * tracks an operator imported. "Auto" picks a composed track; a chosen track (by id or by its
 * library URL) is used instead, composed or looped to the story's length.
 */
export class LocalMusic implements MusicProvider {
  readonly name = 'local-music';
  readonly tracks: readonly LibraryTrack[];
  private readonly byId: Map<string, LibraryTrack>;

  constructor(imported: readonly LibraryTrack[] = []) {
    this.tracks = [...LOCAL_MUSIC_LIBRARY, ...imported];
    this.byId = new Map(this.tracks.map((t) => [t.id, t]));
  }

  /** The library track a background_music value names: its id or its library URL. */
  findTrack(idOrUrl: string): LibraryTrack | undefined {
    const direct = this.byId.get(idOrUrl);
    if (direct) return direct;
    const match = /\/api\/music\/tracks\/([^/?#]+)\/audio(?:[?#].*)?$/.exec(idOrUrl);
    return match ? this.byId.get(decodeURIComponent(match[1]!)) : undefined;
  }

  /** A track's sound at the library rate, lasting `seconds` (its own length by default). */
  async samples(track: LibraryTrack, seconds?: number): Promise<Float32Array> {
    if (!track.file) return renderTrack(track, seconds ?? track.duration);
    const decoded = await decodeAudioFile(track.file.path);
    return seconds === undefined ? decoded : fitToLength(decoded, seconds);
  }

  async compose(input: {
    seed: string;
    durationSeconds: number;
    mood?: string;
    trackId?: string;
  }): Promise<GeneratedMedia & { durationSeconds: number; track: MusicTrackInfo }> {
    const chosen = input.trackId ? this.findTrack(input.trackId) : undefined;
    if (input.trackId && !chosen) throw new Error(`No music track ${input.trackId} in the library`);
    const track = chosen ?? chooseTrack(input.seed, input.mood);
    const samples = await this.samples(track, input.durationSeconds);
    return {
      bytes: encodeWav({ sampleRate: SAMPLE_RATE, samples }),
      extension: 'wav',
      durationSeconds: samples.length / SAMPLE_RATE,
      track,
    };
  }
}
