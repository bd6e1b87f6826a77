import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MusicTrackInfo } from '../provider-types';
import { composeTrack } from './music-composer';
import { runTool } from './run-tool';
import { mp3Args, renderSong, songDefinition } from './sung-songs';

/** The General MIDI instruments the library is played on (Debian `musescore-general-soundfont-small`, MIT). */
export const SOUNDFONT = '/usr/share/sounds/sf3/MuseScore_General_Lite.sf3';

/** Bumped when the way songs are mixed changes, so cached songs are mixed again. */
const SONG_MIX_VERSION = 3;

/** A composed stock track as the renderer needs it. */
export type ComposedTrack = Pick<MusicTrackInfo, 'id' | 'folder'> & { duration: number };

/**
 * fluidsynth arguments that play a MIDI file into a 44.1 kHz float WAV as fast as the CPU
 * allows: `-ni` no shell or MIDI input, `-q` quiet, dynamic sample loading so only the
 * instruments the track uses are decoded from the soundfont, float output so nothing clips.
 */
export function fluidsynthArgs(midiPath: string, wavPath: string): string[] {
  return [
    '-ni',
    '-q',
    '-o',
    'synth.dynamic-sample-loading=1',
    '-g',
    '0.6',
    '-r',
    '44100',
    '-O',
    'float',
    '-T',
    'wav',
    '-F',
    wavPath,
    SOUNDFONT,
    midiPath,
  ];
}

/**
 * ffmpeg arguments that make the library's MP3 from fluidsynth's WAV: cut to the track's
 * length, brought to -16 LUFS so every track previews at the same level, 44.1 kHz stereo.
 */
export function encodeTrackArgs(wavPath: string, seconds: number, mp3Path: string): string[] {
  return mp3Args(
    ['-i', wavPath, '-af', `atrim=end=${seconds},loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100`],
    mp3Path,
  );
}

/**
 * The stock library's audio files: each composed track is played by fluidsynth and encoded to
 * MP3 once, into `dir`, named by the track id and a hash of its MIDI (a changed composition
 * is a new file). Renders are shared (asking for a track being rendered waits for that render)
 * and run one at a time, however many tracks are asked for at once.
 */
export class StockMusicRenderer {
  private readonly pending = new Map<string, Promise<string>>();
  /** The end of the line of renders: each starts when the one before has finished. */
  private line: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {}

  private compose(track: ComposedTrack) {
    const { midi } = composeTrack(track, track.duration);
    // A song's file changes with its words and singer too.
    const song = songDefinition(track.id);
    const hash = createHash('sha256')
      .update(midi)
      .update(song ? JSON.stringify([song.lyrics, song.voice, SONG_MIX_VERSION]) : '')
      .digest('hex')
      .slice(0, 12);
    return { midi, file: path.join(this.dir, `${track.id}-${hash}.mp3`) };
  }

  /** The track's MP3 if it is already rendered. */
  cachedFile(track: ComposedTrack): string | undefined {
    const { file } = this.compose(track);
    return existsSync(file) ? file : undefined;
  }

  /** The track's MP3, rendered first when missing. */
  file(track: ComposedTrack, signal?: AbortSignal): Promise<string> {
    const { midi, file } = this.compose(track);
    if (existsSync(file)) return Promise.resolve(file);
    let render = this.pending.get(file);
    if (!render) {
      render = this.line
        .catch(() => undefined)
        .then(() => (existsSync(file) ? file : this.render(track, midi, file, signal)))
        .finally(() => this.pending.delete(file));
      this.line = render;
      this.pending.set(file, render);
    }
    return render;
  }

  private async render(
    track: ComposedTrack,
    midi: Uint8Array,
    file: string,
    signal?: AbortSignal,
  ): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const work = await mkdtemp(path.join(this.dir, '.render-'));
    try {
      const midiPath = path.join(work, 'track.mid');
      const wavPath = path.join(work, 'track.wav');
      const mp3Path = path.join(work, 'track.mp3');
      const label = `stock music ${track.id}`;
      const playMidi = async (from: string, to: string) => {
        await runTool('fluidsynth', fluidsynthArgs(from, to), { label, signal });
      };
      if (songDefinition(track.id)) {
        await renderSong({ track, work, mp3Path, playMidi, signal });
      } else {
        await writeFile(midiPath, midi);
        await playMidi(midiPath, wavPath);
        await runTool('ffmpeg', encodeTrackArgs(wavPath, track.duration, mp3Path), {
          label,
          signal,
        });
      }
      // Renamed into place whole, so a reader never sees half a file.
      await rename(mp3Path, file);
      return file;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Renders every missing track, one at a time (a background job at start), removing the files
   * of these tracks' earlier compositions. Resolves with the number of tracks rendered.
   */
  async renderAll(tracks: readonly ComposedTrack[], signal?: AbortSignal): Promise<number> {
    let rendered = 0;
    for (const track of tracks) {
      if (signal?.aborted) break;
      if (!this.cachedFile(track)) {
        await this.file(track, signal);
        rendered++;
      }
    }
    const current = new Set(tracks.map((track) => path.basename(this.compose(track).file)));
    const ids = new Set(tracks.map((track) => track.id));
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const id = /^(.+)-[0-9a-f]{12}\.mp3$/.exec(name)?.[1];
      if (id && ids.has(id) && !current.has(name))
        await rm(path.join(this.dir, name), { force: true });
    }
    return rendered;
  }
}
