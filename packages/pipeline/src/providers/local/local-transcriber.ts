import type { TimedPhrase, TranscriptionProvider } from '../provider-types';
import { phrasesOf, wordsOf } from './local-writer';
import { decodeWav } from './wav';

/** Silence longer than this (seconds) separates two stretches of speech. */
const MIN_PAUSE = 0.08;
const LEVEL = 0.01;

/** Stretches of sound in a WAV, in seconds. */
export function speechRegions(audio: Buffer): { start: number; end: number }[] {
  const { samples, sampleRate } = decodeWav(audio);
  const window = Math.round(sampleRate * 0.01);
  const regions: { start: number; end: number }[] = [];
  let open: number | null = null;
  let quiet = 0;
  for (let i = 0; i < samples.length; i += window) {
    let peak = 0;
    for (let j = i; j < Math.min(samples.length, i + window); j++)
      peak = Math.max(peak, Math.abs(samples[j]!));
    const t = i / sampleRate;
    if (peak >= LEVEL) {
      if (open === null) open = t;
      quiet = 0;
    } else if (open !== null) {
      quiet += window / sampleRate;
      if (quiet >= MIN_PAUSE) {
        regions.push({ start: open, end: t - quiet + window / sampleRate });
        open = null;
        quiet = 0;
      }
    }
  }
  if (open !== null) regions.push({ start: open, end: samples.length / sampleRate });
  return regions;
}

/**
 * The local transcriber (`local-aligner`): it cannot recognise speech, it aligns known text —
 * the speech span of the file is shared among the text's phrases by their length in words.
 */
export class LocalTranscriber implements TranscriptionProvider {
  readonly name = 'local-aligner';

  transcribe(input: { audio: Buffer; knownText?: string }): Promise<TimedPhrase[]> {
    const regions = speechRegions(input.audio);
    const phrases = phrasesOf(input.knownText ?? '');
    if (regions.length === 0 || phrases.length === 0) return Promise.resolve([]);
    const start = regions[0]!.start;
    const end = regions.at(-1)!.end;
    const weights = phrases.map((p) => Math.max(1, wordsOf(p).length));
    const total = weights.reduce((a, b) => a + b, 0);
    let at = start;
    return Promise.resolve(
      phrases.map((text, i) => {
        const length = ((end - start) * weights[i]!) / total;
        const phrase = { text, start: at, end: at + length };
        at += length;
        return phrase;
      }),
    );
  }
}
