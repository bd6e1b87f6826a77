import { speakableText } from './speech-text';

/**
 * How a voice-over is cut into utterances. Caption phrases are at most a caption line long and
 * may end mid-clause ("the Nobel" | "Prize in 1914"); a speech engine reading such a piece on its
 * own gives it a sentence's melody and a stop. So the voice speaks whole clauses — caption phrases
 * joined up to the next comma, semicolon, colon, dash or sentence end — and pauses after each as
 * the punctuation says: a clause pause < a sentence pause < a paragraph pause.
 */

export type PauseKind = 'none' | 'clause' | 'sentence' | 'paragraph';

/** Silence after an utterance, by what ends it (seconds). */
export const PAUSE_SECONDS: Record<PauseKind, number> = {
  none: 0,
  clause: 0.2,
  sentence: 0.45,
  paragraph: 0.8,
};

/** The pause a text's ending asks for: a blank line, an end mark, a clause mark, or none. */
export function pauseAfter(text: string): PauseKind {
  if (/\n\s*\n\s*$|¶\s*$/.test(text)) return 'paragraph';
  const trimmed = text.trim().replace(/["'”’)\]]+$/, '');
  if (/[.!?…]$/.test(trimmed)) return 'sentence';
  if (/[,;:—–]$|\s-$/.test(trimmed)) return 'clause';
  return 'none';
}

/** One utterance: what the engine is given, and the caption phrases it carries, in order. */
export interface SpeechUnit {
  /** The text as spoken (numbers, dates and abbreviations in words). */
  speech: string;
  /** The caption phrases the utterance is made of, as written. */
  captions: string[];
  /** Each caption's share of the utterance's speaking time (its syllables), summing to 1. */
  shares: number[];
  /** The silence that follows the utterance. */
  pause: PauseKind;
}

/** Syllables of a spoken text, counted as vowel groups (at least one per word). */
export function syllablesOf(spoken: string): number {
  return (spoken.toLowerCase().match(/[a-z']+/g) ?? []).reduce((sum, word) => {
    const groups = word.replace(/e$/, '').match(/[aeiouy]+/g)?.length ?? 0;
    return sum + Math.max(1, groups);
  }, 0);
}

/**
 * Joins caption phrases into utterances that end only where a clause or sentence ends (or at
 * the last phrase), each carrying its captions and their shares of the speaking time.
 */
export function speechUnits(phrases: readonly string[]): SpeechUnit[] {
  const units: SpeechUnit[] = [];
  let open: string[] = [];
  const close = (pause: PauseKind) => {
    if (open.length === 0) return;
    const spoken = open.map((caption) => speakableText(caption));
    const weights = spoken.map((s) => Math.max(1, syllablesOf(s)));
    const total = weights.reduce((a, b) => a + b, 0);
    units.push({
      speech: spoken.join(' '),
      captions: open,
      shares: weights.map((w) => w / total),
      pause,
    });
    open = [];
  };
  phrases.forEach((phrase, i) => {
    open.push(phrase);
    const pause = pauseAfter(phrase);
    if (pause !== 'none' || i === phrases.length - 1) close(pause);
  });
  return units;
}

/**
 * Where to cut an utterance's speech between its captions: each cut starts at its share of the
 * speech and moves to the quietest 10 ms within `searchSeconds` of it (the gap between two
 * words), keeping the cuts in order. `samples` is the utterance's speech only.
 */
export function captionCuts(
  samples: Float32Array,
  sampleRate: number,
  shares: readonly number[],
  searchSeconds = 0.25,
): number[] {
  const hop = Math.max(1, Math.round(sampleRate / 100));
  const frames = Math.floor(samples.length / hop);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) sum += samples[i]! * samples[i]!;
    energy[f] = sum;
  }
  const cuts: number[] = [];
  let share = 0;
  let earliest = 1;
  for (let c = 0; c < shares.length - 1; c++) {
    share += shares[c]!;
    const guess = Math.round(share * frames);
    const reach = Math.round((searchSeconds * sampleRate) / hop);
    const from = Math.max(earliest, guess - reach);
    const to = Math.min(frames - (shares.length - 1 - c), guess + reach);
    let best = Math.min(Math.max(guess, from), Math.max(from, to));
    for (let f = from; f <= to; f++) {
      // Equal quiet: the frame nearer the guess wins.
      const better =
        energy[f]! < energy[best]! ||
        (energy[f] === energy[best] && Math.abs(f - guess) < Math.abs(best - guess));
      if (better) best = f;
    }
    cuts.push(Math.min(samples.length, best * hop));
    earliest = best + 1;
  }
  return cuts;
}
