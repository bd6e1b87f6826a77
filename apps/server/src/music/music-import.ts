import { createHash } from 'node:crypto';
import { open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { musicTempoSchema } from '@storyloom/core';
import type { LibraryTrack } from '@storyloom/pipeline';
import { ffprobe } from '@storyloom/render';
import { sniffAudioMime } from '../storage/sniff.js';

/** A track's sidecar (`song.json` next to `song.mp3`); every field is optional. */
export const musicSidecarSchema = z.strictObject({
  name: z.string().trim().min(1).optional(),
  genre: z.string().trim().optional(),
  mood: z.string().trim().optional(),
  tempo: musicTempoSchema.optional(),
  has_lyrics: z.boolean().optional(),
});

/** Defaults of an imported track without a sidecar (or fields it leaves out). */
export const IMPORTED_TRACK_DEFAULTS = {
  genre: 'Imported',
  mood: '',
  tempo: 'Medium',
  has_lyrics: false,
} as const;

/** Cover-art codecs: a picture stream in an audio file does not make it a video. */
const COVER_ART_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp']);

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readSidecar(file: string): Promise<z.infer<typeof musicSidecarSchema>> {
  const sidecar = file.slice(0, file.length - path.extname(file).length) + '.json';
  let text: string;
  try {
    text = await readFile(sidecar, 'utf8');
  } catch {
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`MUSIC_IMPORT_DIR: ${sidecar} is not valid JSON`);
  }
  const parsed = musicSidecarSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`MUSIC_IMPORT_DIR: ${sidecar}: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/** A readable track name from a file name: `my_song-v2.mp3` → `my song v2`. */
const nameFromFile = (file: string) =>
  path.basename(file, path.extname(file)).replace(/[_-]+/g, ' ').trim() || 'Untitled track';

/**
 * Imports an operator's folder of music: every audio file (sniffed by content and probed with
 * ffprobe; other files are skipped with a log line) directly in the folder joins the library
 * under the folder's name, and every audio file in a first-level subfolder under that
 * subfolder's name. Genre, mood, tempo, has_lyrics and name come from the file's sidecar JSON,
 * else the defaults. Ids are fixed by the file's path in the folder, so they survive restarts.
 */
export async function importMusicFolder(
  dir: string,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<LibraryTrack[]> {
  const root = path.resolve(dir);
  const candidates: { file: string; folder: string }[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isFile()) candidates.push({ file: full, folder: path.basename(root) });
    else if (entry.isDirectory()) {
      for (const inner of await readdir(full, { withFileTypes: true }))
        if (inner.isFile())
          candidates.push({ file: path.join(full, inner.name), folder: entry.name });
    }
  }
  candidates.sort((a, b) => a.file.localeCompare(b.file));
  const tracks: LibraryTrack[] = [];
  for (const { file, folder } of candidates) {
    if (file.endsWith('.json')) continue;
    const mimeType = sniffAudioMime(await readHead(file));
    if (!mimeType) {
      log?.warn({ file }, 'music import: not an audio file, skipped');
      continue;
    }
    let duration: number;
    try {
      const probe = await ffprobe(file, { timeoutMs: 10_000 });
      const hasAudio = probe.streams.some((s) => s.codec_type === 'audio');
      const hasVideo = probe.streams.some(
        (s) => s.codec_type === 'video' && !COVER_ART_CODECS.has(s.codec_name ?? ''),
      );
      duration = Number(probe.format.duration);
      if (!hasAudio || hasVideo || !Number.isFinite(duration) || duration <= 0)
        throw new Error('no audio stream with a duration');
    } catch (error) {
      log?.warn({ file, err: error }, 'music import: unreadable audio, skipped');
      continue;
    }
    const sidecar = await readSidecar(file);
    const relative = path.relative(root, file);
    tracks.push({
      id: `import-${createHash('sha1').update(relative).digest('hex').slice(0, 12)}`,
      name: sidecar.name ?? nameFromFile(file),
      genre: sidecar.genre ?? IMPORTED_TRACK_DEFAULTS.genre,
      mood: sidecar.mood ?? IMPORTED_TRACK_DEFAULTS.mood,
      tempo: sidecar.tempo ?? IMPORTED_TRACK_DEFAULTS.tempo,
      has_lyrics: sidecar.has_lyrics ?? IMPORTED_TRACK_DEFAULTS.has_lyrics,
      folder,
      duration: Math.round(duration * 1000) / 1000,
      file: { path: file, mimeType },
    });
  }
  log?.info({ dir: root, tracks: tracks.length }, 'music import: tracks added to the library');
  return tracks;
}
