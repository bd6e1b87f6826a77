import { describe, expect, it } from 'vitest';
import { captionCuts, PAUSE_SECONDS, pauseAfter, speechUnits, syllablesOf } from './speech-units';

describe('utterances of a voice-over', () => {
  it('join caption phrases cut mid-clause, never speaking "the Nobel" apart from "Prize"', () => {
    const units = speechUnits([
      'Marie Curie won the Nobel',
      'Prize in 1911,',
      'and she taught',
      'in Paris.',
      'Her work lives on.',
    ]);
    expect(units.map((u) => u.captions)).toEqual([
      ['Marie Curie won the Nobel', 'Prize in 1911,'],
      ['and she taught', 'in Paris.'],
      ['Her work lives on.'],
    ]);
    expect(units[0]!.speech).toBe('Marie Curie won the Nobel Prize in nineteen eleven,');
    expect(units.map((u) => u.pause)).toEqual(['clause', 'sentence', 'sentence']);
    for (const unit of units) expect(unit.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    // "Marie Curie won the Nobel" and "Prize in nineteen eleven": 8 syllables each.
    expect(units[0]!.shares).toEqual([0.5, 0.5]);
    // "and she taught" (3) against "in Paris" (3).
    expect(units[1]!.shares).toEqual([0.5, 0.5]);
    expect(speechUnits(['It was a long', 'journey.'])[0]!.shares).toEqual([4 / 6, 2 / 6]);
  });

  it('keep every caption phrase, in order, once', () => {
    const phrases = ['One two three', 'four five;', 'six', 'seven - eight', 'nine ten.'];
    expect(speechUnits(phrases).flatMap((u) => u.captions)).toEqual(phrases);
  });

  it('pause as the punctuation says: comma < sentence end < paragraph', () => {
    expect(pauseAfter('in the morning,')).toBe('clause');
    expect(pauseAfter('she said;')).toBe('clause');
    expect(pauseAfter('It ended.')).toBe('sentence');
    expect(pauseAfter('Did it?"')).toBe('sentence');
    expect(pauseAfter('The end.\n\n')).toBe('paragraph');
    expect(pauseAfter('the Nobel')).toBe('none');
    expect(PAUSE_SECONDS.clause).toBeLessThan(PAUSE_SECONDS.sentence);
    expect(PAUSE_SECONDS.sentence).toBeLessThan(PAUSE_SECONDS.paragraph);
  });

  it('count syllables well enough to share out speaking time', () => {
    expect(syllablesOf('the cat')).toBe(2);
    expect(syllablesOf('eighteen seventy-nine')).toBe(6);
    expect(syllablesOf('make')).toBe(1);
  });
});

describe('caption cuts inside an utterance', () => {
  const rate = 1000;
  /** Loud speech with a silent gap (a pause between words) from `gapFrom` to `gapTo` seconds. */
  const speech = (seconds: number, gapFrom: number, gapTo: number) => {
    const samples = new Float32Array(seconds * rate);
    for (let i = 0; i < samples.length; i++) {
      const t = i / rate;
      samples[i] = t >= gapFrom && t < gapTo ? 0 : i % 2 ? 0.5 : -0.5;
    }
    return samples;
  };

  it('move to the quiet between words near the share', () => {
    const [cut] = captionCuts(speech(2, 1.1, 1.16), rate, [0.5, 0.5]);
    expect(cut! / rate).toBeGreaterThanOrEqual(1.1);
    expect(cut! / rate).toBeLessThan(1.16);
  });

  it('stay at the share when no quiet is near, and stay in order', () => {
    const samples = speech(3, 2.9, 3);
    const cuts = captionCuts(samples, rate, [0.3, 0.3, 0.4]);
    expect(cuts.map((c) => c / rate)).toEqual([0.9, 1.8]);
    expect(captionCuts(samples, rate, [1])).toEqual([]);
  });
});
