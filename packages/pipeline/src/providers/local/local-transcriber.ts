import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TimedPhrase, TimedWord, TranscriptionProvider } from '../provider-types';
import { phrasesOf } from './local-writer';
import { runTool } from './run-tool';
import { schemeString } from './local-voice';
import { speakableText } from './speech-text';

/** Debian's `pocketsphinx-en-us`: acoustic model, language model and pronouncing dictionary. */
export const POCKETSPHINX_MODEL = {
  acoustic: '/usr/share/pocketsphinx/model/en-us/en-us',
  languageModel: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
};

/** pocketsphinx counts time in frames of 10 ms. */
const FRAME_RATE = 100;
/** A pause longer than this (seconds) ends a recognised phrase. */
const PHRASE_PAUSE = 0.35;
/** Most words in a recognised phrase (a caption line's worth, as the writer's phrases). */
const PHRASE_WORDS = 7;

/** pocketsphinx_continuous: open recognition of 16 kHz mono raw PCM, one line per word with times. */
export function recogniseArgs(rawAudio: string): string[] {
  return [
    '-infile',
    rawAudio,
    '-hmm',
    POCKETSPHINX_MODEL.acoustic,
    '-lm',
    POCKETSPHINX_MODEL.languageModel,
    '-dict',
    POCKETSPHINX_MODEL.dictionary,
    '-time',
    'yes',
    '-logfn',
    '/dev/null',
  ];
}

/**
 * pocketsphinx_batch: the whole file decoded as one utterance against a JSGF grammar (the
 * known text), word segmentation written to `hypseg`. The control file lists `audio` (the file
 * name without `.raw`) in `dir`.
 */
export function alignArgs(dir: string): string[] {
  return [
    '-adcin',
    'yes',
    '-cepdir',
    dir,
    '-cepext',
    '.raw',
    '-ctl',
    path.join(dir, 'audio.ctl'),
    '-hmm',
    POCKETSPHINX_MODEL.acoustic,
    '-jsgf',
    path.join(dir, 'text.jsgf'),
    '-dict',
    path.join(dir, 'text.dict'),
    // Keep silent frames: removing them would shift every later time.
    '-remove_silence',
    'no',
    '-hypseg',
    path.join(dir, 'hypseg.txt'),
    '-logfn',
    path.join(dir, 'pocketsphinx.log'),
  ];
}

/** Tokens that are not words: silences, noises, sentence marks. */
const isFiller = (token: string) => /^(<.*>|\[.*\]|\(null\))$/i.test(token);
/** `with(2)` is the second pronunciation of `with`. */
const baseWord = (token: string) => token.replace(/\(\d+\)$/, '');

/** Words with times from pocketsphinx_continuous `-time yes` output (`word start end score`). */
export function parseWordTimes(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!match || isFiller(match[1]!)) continue;
    words.push({ word: baseWord(match[1]!), start: Number(match[2]), end: Number(match[3]) });
  }
  return words;
}

/**
 * Words with times from a `-hypseg` line: `utt S s T t A a L l {startFrame ascr lscr word}*
 * endFrame`; a word ends where the next entry starts.
 */
export function parseHypseg(line: string): TimedWord[] {
  const tokens = line.trim().split(/\s+/);
  const at = tokens.indexOf('L');
  if (at < 0) return [];
  const entries = tokens.slice(at + 2);
  const words: TimedWord[] = [];
  for (let i = 0; i + 3 < entries.length; i += 4) {
    const token = entries[i + 3]!;
    const next = Number(entries[i + 4] ?? entries[i]);
    if (isFiller(token)) continue;
    words.push({
      word: baseWord(token),
      start: Number(entries[i]) / FRAME_RATE,
      end: next / FRAME_RATE,
    });
  }
  return words;
}

/**
 * The words of a text as the recogniser spells them and the voice says them: lower case,
 * numbers, dates and abbreviations read out as the voice reads them (speech-text.ts).
 */
export function textWords(text: string): string[] {
  return (
    speakableText(text)
      .toLowerCase()
      .match(/[a-z]+(?:'[a-z]+)*/g) ?? []
  );
}

/** A JSGF grammar that accepts exactly the words in order (silences between are implicit). */
export function jsgfGrammar(words: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar text;\npublic <text> = ${words.join(' ')};\n`;
}

let dictionary: Promise<Map<string, string[]>> | undefined;

/** The CMU pronouncing dictionary, word → its lines (every pronunciation), read once. */
function cmuDictionary(): Promise<Map<string, string[]>> {
  dictionary ??= readFile(POCKETSPHINX_MODEL.dictionary, 'utf8').then((text) => {
    const map = new Map<string, string[]>();
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      if (space <= 0) continue;
      const word = baseWord(line.slice(0, space));
      const lines = map.get(word);
      if (lines) lines.push(line);
      else map.set(word, [line]);
    }
    return map;
  });
  dictionary.catch(() => (dictionary = undefined));
  return dictionary;
}

/** festival's phones (radio set) in the CMU phone set pocketsphinx uses. */
const RADIO_TO_CMU: Record<string, string> = {
  ax: 'AH',
  axr: 'ER',
  ix: 'IH',
  el: 'AH L',
  em: 'AH M',
  en: 'AH N',
  nx: 'N',
  dx: 'D',
  hv: 'HH',
};
const CMU_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
);
/** Letter names, for words neither the dictionary nor letter-to-sound rules can say. */
const LETTERS: Record<string, string> = {
  a: 'EY',
  b: 'B IY',
  c: 'S IY',
  d: 'D IY',
  e: 'IY',
  f: 'EH F',
  g: 'JH IY',
  h: 'EY CH',
  i: 'AY',
  j: 'JH EY',
  k: 'K EY',
  l: 'EH L',
  m: 'EH M',
  n: 'EH N',
  o: 'OW',
  p: 'P IY',
  q: 'K Y UW',
  r: 'AA R',
  s: 'EH S',
  t: 'T IY',
  u: 'Y UW',
  v: 'V IY',
  w: 'D AH B AH L Y UW',
  x: 'EH K S',
  y: 'W AY',
  z: 'Z IY',
};

export const spelledOut = (word: string) =>
  [...word]
    .map((letter) => LETTERS[letter])
    .filter(Boolean)
    .join(' ');

/**
 * Pronunciations of words missing from the dictionary, from festival's letter-to-sound rules
 * (one festival run for all of them); a word festival cannot say either is spelled out.
 */
export async function guessPronunciations(words: readonly string[]): Promise<Map<string, string>> {
  const guessed = new Map<string, string>();
  if (words.length === 0) return guessed;
  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-lts-'));
    try {
      const script = path.join(dir, 'lookup.scm');
      await writeFile(
        script,
        '(lex.select "cmu")\n' +
          words.map((w) => `(format t "%l\\n" (lex.lookup ${schemeString(w)} nil))`).join('\n') +
          '\n',
      );
      const output = (
        await runTool('festival', ['--batch', script], { label: 'local-transcriber' })
      )
        .toString()
        .split('\n');
      words.forEach((word, i) => {
        const syllables = [...(output[i] ?? '').matchAll(/\(\(([a-z ]+)\) \d\)/g)];
        const phones = syllables
          .flatMap((s) => s[1]!.split(' '))
          .map((p) => RADIO_TO_CMU[p] ?? p.toUpperCase())
          .flatMap((p) => p.split(' '))
          .filter((p) => CMU_PHONES.has(p));
        if (phones.length > 0) guessed.set(word, phones.join(' '));
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } catch {
    // festival missing or failing: the words are spelled out below.
  }
  for (const word of words) if (!guessed.has(word)) guessed.set(word, spelledOut(word) || 'AH');
  return guessed;
}

/** A pronouncing dictionary for exactly these words: the CMU entries, guesses for the rest. */
export async function dictionaryFor(words: readonly string[]): Promise<string> {
  const cmu = await cmuDictionary();
  const distinct = [...new Set(words)];
  const missing = distinct.filter((word) => !cmu.has(word));
  const guessed = await guessPronunciations(missing);
  return (
    distinct.flatMap((word) => cmu.get(word) ?? [`${word} ${guessed.get(word)!}`]).join('\n') + '\n'
  );
}

/**
 * Places the known words on recognised ones (edit-distance alignment): a known word matched or
 * substituted takes the recognised word's time; a known word the recogniser missed shares the
 * time between its neighbours.
 */
export function alignToRecognised(
  known: readonly string[],
  heard: readonly TimedWord[],
): TimedWord[] {
  const n = known.length;
  const m = heard.length;
  const cost = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      cost[i]![j] = Math.min(
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
        cost[i - 1]![j - 1]! + (known[i - 1] === heard[j - 1]!.word ? 0 : 1),
      );
  const placed: (TimedWord | undefined)[] = new Array<TimedWord | undefined>(n);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[i]![j]!;
    if (here === cost[i - 1]![j - 1]! + (known[i - 1] === heard[j - 1]!.word ? 0 : 1)) {
      placed[i - 1] = { ...heard[j - 1]!, word: known[i - 1]! };
      i--;
      j--;
    } else if (here === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  // Missed words: spread evenly over the gap between the placed neighbours.
  const first = heard[0]?.start ?? 0;
  const last = heard.at(-1)?.end ?? first;
  for (let k = 0; k < n;) {
    if (placed[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < n && !placed[end]) end++;
    const from = k > 0 ? placed[k - 1]!.end : first;
    const to = end < n ? placed[end]!.start : last;
    const step = Math.max(0, to - from) / (end - k);
    for (let x = k; x < end; x++)
      placed[x] = { word: known[x]!, start: from + (x - k) * step, end: from + (x - k + 1) * step };
    k = end;
  }
  return placed as TimedWord[];
}

/** Phrases of recognised words: a new one after a pause or at a caption line's length. */
export function phrasesOfWords(words: readonly TimedWord[]): TimedPhrase[] {
  const groups: TimedWord[][] = [];
  for (const word of words) {
    const group = groups.at(-1);
    if (group && group.length < PHRASE_WORDS && word.start - group.at(-1)!.end < PHRASE_PAUSE)
      group.push(word);
    else groups.push([word]);
  }
  return groups.map((group) => ({
    text: group.map((w) => w.word).join(' '),
    start: group[0]!.start,
    end: group.at(-1)!.end,
    words: group,
  }));
}

/**
 * The local transcriber on pocketsphinx (Debian `pocketsphinx`, `pocketsphinx-en-us`): open
 * English recognition with word times; with a known text, the text's words aligned to the
 * speech through a JSGF grammar (words missing from the dictionary pronounced by festival's
 * letter-to-sound rules, else spelled), falling back to placing the text on what was recognised
 * when the speech does not follow the text.
 */
export class LocalTranscriber implements TranscriptionProvider {
  readonly name = 'local-transcriber:pocketsphinx';

  /** Runs `work` with the audio as 16 kHz mono raw PCM at `dir/audio.raw`. */
  private async withRawAudio<T>(audio: Buffer, work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-sphinx-'));
    try {
      const source = path.join(dir, 'source');
      await writeFile(source, audio);
      await runTool(
        'ffmpeg',
        [
          '-hide_banner',
          '-nostdin',
          '-v',
          'error',
          '-i',
          source,
          '-vn',
          '-ac',
          '1',
          '-ar',
          '16000',
        ].concat(['-f', 's16le', path.join(dir, 'audio.raw')]),
        { label: this.name },
      );
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Open recognition: every word heard, with its time. */
  recognise(audio: Buffer): Promise<TimedWord[]> {
    return this.withRawAudio(audio, async (dir) => {
      const output = await runTool(
        'pocketsphinx_continuous',
        recogniseArgs(path.join(dir, 'audio.raw')),
        {
          label: this.name,
        },
      );
      return parseWordTimes(output.toString());
    });
  }

  /** The known text's words with their times in the speech. */
  align(audio: Buffer, text: string): Promise<TimedWord[]> {
    const words = textWords(text);
    if (words.length === 0) return Promise.resolve([]);
    return this.withRawAudio(audio, async (dir) => {
      await writeFile(path.join(dir, 'audio.ctl'), 'audio\n');
      await writeFile(path.join(dir, 'text.jsgf'), jsgfGrammar(words));
      await writeFile(path.join(dir, 'text.dict'), await dictionaryFor(words));
      await runTool('pocketsphinx_batch', alignArgs(dir), { label: this.name });
      const hypseg = await readFile(path.join(dir, 'hypseg.txt'), 'utf8').catch(() => '');
      const aligned = parseHypseg(hypseg);
      if (aligned.length === words.length) return aligned;
      // The speech does not follow the text (the grammar found no path): recognise, then place.
      const output = await runTool(
        'pocketsphinx_continuous',
        recogniseArgs(path.join(dir, 'audio.raw')),
        {
          label: this.name,
        },
      );
      return alignToRecognised(words, parseWordTimes(output.toString()));
    });
  }

  async transcribe(input: { audio: Buffer; knownText?: string }): Promise<TimedPhrase[]> {
    if (!input.knownText?.trim()) return phrasesOfWords(await this.recognise(input.audio));
    const words = await this.align(input.audio, input.knownText);
    const phrases: TimedPhrase[] = [];
    let at = 0;
    for (const text of phrasesOf(input.knownText)) {
      const own = words.slice(at, at + textWords(text).length);
      at += own.length;
      if (own.length === 0) continue;
      phrases.push({ text, start: own[0]!.start, end: own.at(-1)!.end, words: own });
    }
    return phrases;
  }
}
