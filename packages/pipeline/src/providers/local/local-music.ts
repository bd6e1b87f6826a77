import { tmpdir } from 'node:os';
import path from 'node:path';
import { MUSIC_FOLDERS } from '@storyloom/core';
import type { GeneratedMedia, MusicProvider, MusicTrackInfo } from '../provider-types';
import { FOLDER_SOUNDS, plannedSeconds, planTrack, tempoWord } from './music-composer';
import {
  decodeAudioFile,
  fitToLength,
  MUSIC_SAMPLE_RATE,
  type LibraryTrack,
} from './music-library';
import { hashText, pick, seededRandom } from './seeded-random';
import { StockMusicRenderer } from './stock-music';
import { LOCAL_SONGS } from './sung-songs';
import { encodeWav } from './wav';

const SAMPLE_RATE = MUSIC_SAMPLE_RATE;

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
 * A track name no earlier track has (a music search lists each name once): the drawn pair, else
 * the next free noun, then the next word.
 */
function distinctName(random: () => number, taken: Set<string>): string {
  const word = NAME_WORDS.indexOf(pick(random, NAME_WORDS));
  const noun = NAME_NOUNS.indexOf(pick(random, NAME_NOUNS));
  for (let step = 0; step < NAME_WORDS.length * NAME_NOUNS.length; step++) {
    const name = `${NAME_WORDS[(word + Math.floor(step / NAME_NOUNS.length)) % NAME_WORDS.length]} ${NAME_NOUNS[(noun + step) % NAME_NOUNS.length]}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  throw new Error('the stock library has more tracks than names');
}
// The sung songs are listed beside the stock tracks.
const takenNames = new Set<string>(LOCAL_SONGS.map((song) => song.name));

/**
 * The composed stock library: 100 tracks across the folders of spec 1 §9, each composed for
 * its folder (tempo, key, progression, instruments, groove and arrangement; see
 * `FOLDER_SOUNDS`) and about 45–120 s long; `duration` and `bpm` are the composition's own.
 */
export const LOCAL_MUSIC_LIBRARY: readonly LibraryTrack[] = Array.from({ length: 100 }, (_, i) => {
  const folder = MUSIC_FOLDERS[i % MUSIC_FOLDERS.length]!;
  const sound = FOLDER_SOUNDS[folder];
  const random = seededRandom(`track-${i}`);
  const id = `local-music-${String(i + 1).padStart(3, '0')}`;
  const name = distinctName(random, takenNames);
  const mood = [pick(random, sound.moods), pick(random, sound.moods)]
    .filter((m, j, all) => all.indexOf(m) === j)
    .join(', ');
  const plan = planTrack(id, folder, 45 + Math.floor(random() * 76));
  return {
    id,
    name,
    genre: sound.genre,
    mood,
    tempo: tempoWord(plan.bpm),
    bpm: plan.bpm,
    folder,
    duration: plannedSeconds(plan),
    has_lyrics: false,
  };
});

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

/** Where composed tracks are kept when no folder is given (shared by every process). */
const DEFAULT_STOCK_DIR = path.join(tmpdir(), 'storyloom-stock-music');

/**
 * The local music provider (`local-music`): the composed stock library (played once by
 * fluidsynth into cached MP3s), its songs with sung words (`sung-songs`, listed with their
 * lyrics; never picked as background music, which would sing over the voice-over) plus the
 * tracks an operator imported. "Auto" picks a composed
 * track; a chosen track (by id or by its library URL) is used instead, looped to the story's
 * length with fades.
 */
export class LocalMusic implements MusicProvider {
  readonly name = 'local-music';
  readonly tracks: readonly LibraryTrack[];
  readonly stock: StockMusicRenderer;
  private readonly byId: Map<string, LibraryTrack>;

  constructor(imported: readonly LibraryTrack[] = [], stockDir = DEFAULT_STOCK_DIR) {
    this.tracks = [...LOCAL_MUSIC_LIBRARY, ...LOCAL_SONGS, ...imported];
    this.byId = new Map(this.tracks.map((t) => [t.id, t]));
    this.stock = new StockMusicRenderer(stockDir);
  }

  /** The library track a background_music value names: its id or its library URL. */
  findTrack(idOrUrl: string): LibraryTrack | undefined {
    const direct = this.byId.get(idOrUrl);
    if (direct) return direct;
    const match = /\/api\/music\/tracks\/([^/?#]+)\/audio(?:[?#].*)?$/.exec(idOrUrl);
    return match ? this.byId.get(decodeURIComponent(match[1]!)) : undefined;
  }

  /** A track's audio file: an imported file, or the composed track's cached MP3 (rendered first if missing). */
  async audioFile(track: LibraryTrack): Promise<{ path: string; mimeType: string }> {
    if (track.file) return track.file;
    return { path: await this.stock.file(track), mimeType: 'audio/mpeg' };
  }

  /** A track's sound at the library rate, lasting `seconds` (its own length by default). */
  async samples(track: LibraryTrack, seconds?: number): Promise<Float32Array> {
    const decoded = await decodeAudioFile((await this.audioFile(track)).path);
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
