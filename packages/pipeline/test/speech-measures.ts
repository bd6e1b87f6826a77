import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TimedWord } from '../src/index';
import { runTool } from '../src/providers/local/run-tool';

/**
 * `sentence` read by RHVoice's evgeniy-eng, a voice Storyloom never uses for its own voice-overs,
 * as a WAV with `padSeconds` of silence before and after: speech it has never heard, lying
 * between padSeconds and seconds − padSeconds.
 */
export async function unseenVoiceWav(
  sentence: string,
  padSeconds = 1,
): Promise<{ wav: Buffer; seconds: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-unseen-voice-'));
  try {
    const raw = path.join(dir, 'voice.wav');
    const padded = path.join(dir, 'padded.wav');
    await runTool('RHVoice-test', ['-p', 'evgeniy-eng', '-o', raw], { input: sentence });
    const pad = `adelay=${padSeconds * 1000},apad=pad_dur=${padSeconds}`;
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-af', pad, padded]);
    const probed = await runTool('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', padded],
    ]);
    return { wav: await readFile(padded), seconds: Number(probed.toString()) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Word accuracy 1 − (substitutions + deletions + insertions) / reference words, at least 0. */
export function wordAccuracy(reference: readonly string[], heard: readonly string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= heard.length; j++)
      row.push(
        Math.min(
          previous[j]! + 1,
          row[j - 1]! + 1,
          previous[j - 1]! + (reference[i - 1] === heard[j - 1] ? 0 : 1),
        ),
      );
    previous = row;
  }
  return Math.max(0, 1 - previous[heard.length]! / reference.length);
}

/**
 * Pairs each truth word with the heard word it was recognised as (longest common subsequence),
 * so their times can be compared.
 */
export function matchedWords(
  truth: readonly TimedWord[],
  heard: readonly TimedWord[],
): [TimedWord, TimedWord][] {
  const n = truth.length;
  const m = heard.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] =
        truth[i]!.word === heard[j]!.word
          ? table[i + 1]![j + 1]! + 1
          : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [TimedWord, TimedWord][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (truth[i]!.word === heard[j]!.word) pairs.push([truth[i++]!, heard[j++]!]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}
