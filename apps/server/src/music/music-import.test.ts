import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { importMusicFolder } from './music-import.js';

const root = mkdtempSync(path.join(tmpdir(), 'storyloom-import-'));
const dir = path.join(root, 'My Tracks');

/** An audio file made by ffmpeg's lavfi sine source. */
function tone(file: string, seconds: number, extra: string[] = []) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    ...extra,
    '-y',
    file,
  ]);
}

beforeAll(() => {
  mkdirSync(path.join(dir, 'Chill'), { recursive: true });
  tone(path.join(dir, 'sunny_morning.wav'), 1.5);
  tone(path.join(dir, 'night-drive.mp3'), 2);
  writeFileSync(
    path.join(dir, 'night-drive.json'),
    JSON.stringify({
      name: 'Night Drive',
      genre: 'Synthwave',
      mood: 'Cool, Dreamy',
      tempo: 'Fast',
    }),
  );
  // An audio file with a misleading name is still found by its content.
  tone(path.join(dir, 'Chill', 'lounge.dat'), 1, ['-f', 'flac']);
  writeFileSync(path.join(dir, 'Chill', 'lounge.json'), JSON.stringify({ has_lyrics: true }));
  writeFileSync(path.join(dir, 'notes.txt'), 'not music');
  writeFileSync(path.join(dir, 'fake.mp3'), 'RIFF1234WAVEgarbage');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('importMusicFolder', () => {
  it('adds every audio file under its folder name, with sidecar fields or the defaults', async () => {
    const tracks = await importMusicFolder(dir);
    expect(tracks.map((t) => [t.name, t.folder, t.file?.mimeType])).toEqual([
      ['lounge', 'Chill', 'audio/flac'],
      ['Night Drive', 'My Tracks', 'audio/mpeg'],
      ['sunny morning', 'My Tracks', 'audio/wav'],
    ]);
    const [lounge, night, sunny] = tracks;
    expect(night).toMatchObject({ genre: 'Synthwave', mood: 'Cool, Dreamy', tempo: 'Fast' });
    expect(night!.duration).toBeCloseTo(2, 1);
    expect(sunny).toMatchObject({
      genre: 'Imported',
      mood: '',
      tempo: 'Medium',
      has_lyrics: false,
    });
    expect(sunny!.duration).toBeCloseTo(1.5, 2);
    expect(lounge!.has_lyrics).toBe(true);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(3);
    expect((await importMusicFolder(dir)).map((t) => t.id)).toEqual(tracks.map((t) => t.id));
  });

  it('refuses a sidecar with a bad field, naming the file and the field', async () => {
    const bad = path.join(root, 'bad');
    mkdirSync(bad);
    tone(path.join(bad, 'x.wav'), 0.5);
    writeFileSync(path.join(bad, 'x.json'), JSON.stringify({ tempo: 'Glacial' }));
    await expect(importMusicFolder(bad)).rejects.toThrow(/x\.json: tempo: /);
  });
});

describe('MUSIC_IMPORT_DIR', () => {
  const base = { DATA_DIR: path.join(root, 'data') };
  it('is read as an absolute folder', () => {
    expect(loadConfig({ ...base, MUSIC_IMPORT_DIR: dir }, []).musicImportDir).toBe(dir);
    expect(loadConfig(base, []).musicImportDir).toBeUndefined();
  });
  it('must be an existing folder', () => {
    const missing = path.join(root, 'nowhere');
    expect(() => loadConfig({ ...base, MUSIC_IMPORT_DIR: missing }, [])).toThrow(
      `MUSIC_IMPORT_DIR: must be an existing folder, got '${missing}'`,
    );
  });
});
