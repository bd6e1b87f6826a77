import { describe, expect, it } from 'vitest';
import { isBlockedWord } from './blocked-words';
import { batchesOf, captionWords, MIN_WORD_CONFIDENCE } from './local-transcriber';

describe('words a caption keeps', () => {
  it('never shows a word of the block list, however sure the recogniser was', () => {
    // "bitch" and "bastard" stand for the list: a caption must not put them in a speaker's mouth.
    expect(isBlockedWord('bitch')).toBe(true);
    expect(isBlockedWord('Bastard')).toBe(true);
    expect(isBlockedWord('lighthouse')).toBe(false);
    // Ordinary words that profanity lists also hold are captioned as spoken.
    expect(isBlockedWord('sex')).toBe(false);
    const words = captionWords([
      { word: 'you', start: 0, end: 0.2, confidence: 0.9 },
      { word: 'bitch', start: 0.2, end: 0.5, confidence: 0.99 },
      { word: 'home', start: 0.5, end: 0.8, confidence: 0.8 },
    ]);
    expect(words.map((w) => w.word)).toEqual(['you', '[inaudible]', 'home']);
    expect(words[1]).toEqual({ word: '[inaudible]', start: 0.2, end: 0.5 });
  });

  it('drops words heard with too little confidence', () => {
    const words = captionWords([
      { word: 'the', start: 0, end: 0.1, confidence: MIN_WORD_CONFIDENCE },
      { word: 'tata', start: 0.1, end: 0.6, confidence: MIN_WORD_CONFIDENCE - 0.01 },
      { word: 'light', start: 0.6, end: 0.9, confidence: 0.7 },
    ]);
    expect(words.map((w) => w.word)).toEqual(['the', 'light']);
  });
});

describe('recogniser runs', () => {
  it('share the voiced segments in order, by speaking time', () => {
    const segments = [
      { start: 0, end: 100 },
      { start: 200, end: 300 },
      { start: 400, end: 800 },
      { start: 900, end: 1000 },
    ];
    expect(batchesOf(segments, 2)).toEqual([segments.slice(0, 2), segments.slice(2)]);
    expect(batchesOf(segments.slice(0, 1), 2)).toEqual([segments.slice(0, 1)]);
    expect(batchesOf([], 2)).toEqual([]);
  });
});
