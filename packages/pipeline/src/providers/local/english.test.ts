import { describe, expect, it } from 'vitest';
import { nounPhrasesOf, problemsOf, tokensOf, wholeStart, withArticle } from './english';

describe("the writer's English check", () => {
  it('finds the broken phrases users met', () => {
    expect(problemsOf('The fox explores a snowy as the day begins.', 'sentence')).toEqual([
      '"a" has no noun',
    ]);
    expect(problemsOf('a here in an office', 'phrase')).toEqual(['"a" has no noun']);
    expect(problemsOf('a bicycle facing its at a market', 'phrase')).toEqual(['"its" has no noun']);
    expect(problemsOf('A red lighthouse stands on a', 'phrase')).toEqual([
      '"a" has no noun',
      'ends on "a"',
    ]);
    expect(problemsOf('So cats are are great.', 'sentence')).toEqual(['"are" twice']);
    expect(problemsOf('bees make honey', 'sentence')).toEqual(['no capital', 'no end mark']);
  });

  it('accepts whole sentences and phrases', () => {
    for (const text of [
      'The fox explores a snowy forest at dawn.',
      'She had had enough.',
      'He gave up.',
      "It's the cat's bowl.",
      'Do you know the way?',
    ])
      expect(problemsOf(text, 'sentence'), text).toEqual([]);
    expect(
      problemsOf('Establishing wide shot of a puma walking in a forest at sunrise', 'phrase'),
    ).toEqual([]);
  });

  it('reads noun phrases to their noun', () => {
    expect(
      nounPhrasesOf(tokensOf('The fox explores a snowy forest near its owner.')).map((p) => p.text),
    ).toEqual(['The fox', 'a snowy forest', 'its owner']);
  });

  it('cuts a text only where a phrase ends', () => {
    const text = 'A red lighthouse stands on a rocky cliff above the grey sea at dawn.';
    expect(wholeStart(text, 6)).toBe('A red lighthouse stands');
    expect(wholeStart(text, 8)).toBe('A red lighthouse stands on a rocky cliff');
    expect(wholeStart('Of the', 8)).toBeUndefined();
  });

  it('puts "a" or "an" before a word', () => {
    expect(withArticle('owl')).toBe('an owl');
    expect(withArticle('umbrella')).toBe('an umbrella');
    expect(withArticle('unicorn')).toBe('a unicorn');
    expect(withArticle('puma')).toBe('a puma');
  });
});
