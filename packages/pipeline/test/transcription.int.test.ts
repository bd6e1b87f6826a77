import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalTranscriber, runTool, schemeString, textWords, type TimedWord } from '../src/index';
import { matchedWords, wordAccuracy } from './speech-measures';

/**
 * Known speech from a voice the recogniser's expectations were not made from: festival's HTS
 * voice reads a paragraph, and festival's own word timings are the truth.
 */
const PARAGRAPH =
  'Every great journey begins with a single step. The river flows past the quiet little ' +
  'village. Our team worked hard to finish the project on time. Thank you for watching.';

async function festivalSpeech(text: string): Promise<{ wav: Buffer; truth: TimedWord[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-truth-'));
  try {
    const wavPath = path.join(dir, 'speech.wav');
    const script = path.join(dir, 'speak.scm');
    await writeFile(
      script,
      [
        '(voice_cmu_us_slt_arctic_hts)',
        `(set! utt (SynthText ${schemeString(text)}))`,
        `(utt.save.wave utt ${schemeString(wavPath)} 'riff)`,
        `(mapcar (lambda (w) (format t "%s %f %f\\n" (item.name w) (item.feat w "word_start") (item.feat w "word_end"))) (utt.relation.items utt 'Word))`,
      ].join('\n'),
    );
    const lines = (await runTool('festival', ['--batch', script])).toString().trim().split('\n');
    const truth = lines.map((line) => {
      const [word, start, end] = line.split(' ');
      return { word: word!.toLowerCase(), start: Number(start), end: Number(end) };
    });
    return { wav: await readFile(wavPath), truth };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const transcriber = new LocalTranscriber();
let speech: { wav: Buffer; truth: TimedWord[] };

beforeAll(async () => {
  speech = await festivalSpeech(PARAGRAPH);
  expect(speech.truth.map((w) => w.word)).toEqual(textWords(PARAGRAPH));
}, 60_000);

function timingErrors(pairs: [TimedWord, TimedWord][]): number[] {
  return pairs.flatMap(([truth, heard]) => [
    Math.abs(truth.start - heard.start),
    Math.abs(truth.end - heard.end),
  ]);
}

describe('local transcription (pocketsphinx)', () => {
  const figures: Record<string, string> = {};
  afterAll(() => console.log('transcription:', figures));

  it('recognises open speech: at least 80 % of the words, each within 0.3 s of the truth', async () => {
    const phrases = await transcriber.transcribe({ audio: speech.wav });
    const heard = phrases.flatMap((p) => p.words ?? []);
    const accuracy = wordAccuracy(
      speech.truth.map((w) => w.word),
      heard.map((w) => w.word),
    );
    const errors = timingErrors(matchedWords(speech.truth, heard));
    figures.open = `${(accuracy * 100).toFixed(1)} % words, timing error mean ${mean(errors)} s, max ${Math.max(...errors).toFixed(3)} s`;
    expect(accuracy, heard.map((w) => w.word).join(' ')).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...errors)).toBeLessThanOrEqual(0.3);
    // Phrases follow the pauses and never exceed a caption line's words.
    for (const phrase of phrases) {
      expect(phrase.words!.length).toBeLessThanOrEqual(7);
      expect(phrase.text).toBe(phrase.words!.map((w) => w.word).join(' '));
    }
  }, 60_000);

  it('aligns a known text word by word, including a word missing from the dictionary', async () => {
    const known = PARAGRAPH.replace('Thank you', 'Storyloom thanks you');
    const mixed = await festivalSpeech(known);
    const phrases = await transcriber.transcribe({ audio: mixed.wav, knownText: known });
    expect(phrases.map((p) => p.text).join(' ')).toBe(known);
    const words = phrases.flatMap((p) => p.words ?? []);
    expect(words.map((w) => w.word)).toEqual(mixed.truth.map((w) => w.word));
    const errors = timingErrors(mixed.truth.map((truth, i) => [truth, words[i]!]));
    figures.aligned = `timing error mean ${mean(errors)} s, max ${Math.max(...errors).toFixed(3)} s`;
    expect(Math.max(...errors)).toBeLessThanOrEqual(0.3);
  }, 60_000);
});

const mean = (values: number[]) =>
  (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(3);
