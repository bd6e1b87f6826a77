import type { TimedWord } from '../src/index';

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
