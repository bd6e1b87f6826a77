import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeAudioFile,
  LOCAL_SONGS,
  LocalTranscriber,
  MUSIC_SAMPLE_RATE,
  StockMusicRenderer,
  textWords,
} from '../src/index';
import { matchedWords } from './speech-measures';

const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-songs-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Share of a song's words the open recogniser hears, in order (longest common subsequence). */
function recall(lyrics: string, heard: readonly string[]): number {
  const truth = textWords(lyrics).map((word) => ({ word, start: 0, end: 0 }));
  const words = heard.map((word) => ({ word, start: 0, end: 0 }));
  return matchedWords(truth, words).length / truth.length;
}

describe('the stock songs with sung words', () => {
  it('are sung clearly enough that the lyrics video recognises their words', async () => {
    const renderer = new StockMusicRenderer(dir);
    const transcriber = new LocalTranscriber();
    const recalls: Record<string, number> = {};
    // Three songs (each takes a minute or two to sing and recognise on a busy machine); the
    // rest are made the same way.
    for (const song of LOCAL_SONGS.slice(0, 3)) {
      const file = await renderer.file(song);
      const samples = await decodeAudioFile(file);
      expect(samples.length / MUSIC_SAMPLE_RATE).toBeCloseTo(song.duration, 0);
      const heard = await transcriber.recognise(readFileSync(file));
      recalls[song.name] = recall(
        song.lyrics!,
        heard.map((w) => w.word.toLowerCase()),
      );
    }
    // Rendered once: asking again is the cached file.
    expect(renderer.cachedFile(LOCAL_SONGS[0]!)).toBeDefined();
    const heardWell = Object.values(recalls).filter((r) => r >= 0.5);
    expect(heardWell.length, JSON.stringify(recalls)).toBeGreaterThanOrEqual(3);
  }, 900_000);
});
