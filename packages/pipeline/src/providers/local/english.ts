import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The local writer's English: words tagged with their part of speech by winkNLP's English model
 * (`wink-eng-lite-web-model`, Universal POS tags), noun phrases read off the tags, and the check
 * every sentence, prompt and title the writer emits must pass (no article, possessive or
 * preposition left without its noun, no stammered word). Deterministic.
 */

const POS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
  'SPACE',
] as const;
/** A Universal POS tag, as winkNLP names them. */
export type Pos = (typeof POS_TAGS)[number];
const isPos = (tag: string | undefined): tag is Pos => POS_TAGS.some((p) => p === tag);

export interface Token {
  text: string;
  lower: string;
  lemma: string;
  pos: Pos;
  /** Spaces before the token in the text it came from. */
  before: string;
}

let engine: ReturnType<typeof winkNLP> | undefined;

/** Longest text the writer tags at once (the spec's scripts are at most a few thousand characters). */
const MAX_TAGGED_CHARS = 20_000;

export function tokensOf(text: string): Token[] {
  engine ??= winkNLP(model);
  const its = engine.its;
  const doc = engine.readDoc(text.slice(0, MAX_TAGGED_CHARS));
  const tokens = doc.tokens();
  const texts = tokens.out();
  /* eslint-disable @typescript-eslint/unbound-method -- winkNLP's `its` helpers are meant to be
     passed to `out()`: `doc.tokens().out(its.pos)` is its documented use. */
  const pos = tokens.out(its.pos);
  // wink-nlp's declaration of `its.lemma` does not match the token function `out()` is typed to
  // take, though `tokens().out(its.lemma)` is its documented use.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>);
  const spaces = tokens.out(its.precedingSpaces);
  /* eslint-enable @typescript-eslint/unbound-method */
  return texts.map((t, i) => {
    const tag = pos[i];
    return {
      text: t,
      lower: t.toLowerCase(),
      lemma: (lemmas[i] ?? t).toLowerCase(),
      pos: isPos(tag) ? tag : 'X',
      before: spaces[i] ?? '',
    };
  });
}

/** Tokens back to text, with their own spacing (the first token's leading space dropped). */
export function textOf(tokens: readonly Token[]): string {
  return tokens.map((t, i) => (i === 0 ? t.text : t.before + t.text)).join('');
}

const isWord = (t: Token) => /[\p{L}\p{N}]/u.test(t.text);
const isHead = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'NUM';
/** Possessive determiners that always need their noun ("its", not "his"/"her", which stand alone). */
const POSSESSIVES = new Set(['my', 'your', 'its', 'our', 'their']);
const ARTICLES = new Set(['a', 'an', 'the']);
/** Adverb particles that end a phrasal verb ("gave up", "the lights go out"). */
const PARTICLES = new Set(['up', 'out', 'down', 'off', 'away', 'back', 'over', 'around', 'along']);
/** Words English repeats on purpose ("she had had enough", "that that"). */
const REPEATABLE = new Set(['had', 'that']);

/** A word that needs a noun after it. */
const needsNoun = (t: Token) => ARTICLES.has(t.lower) || POSSESSIVES.has(t.lower);

export type TextKind = 'sentence' | 'phrase';

/**
 * What is wrong with a sentence or phrase, as short reasons (none when it reads as English):
 * an article or possessive whose noun never comes ("a snowy as", "facing its at"), a text
 * ending on an article, preposition, conjunction or "to", a stammered word, and for a
 * sentence: a capital and an end mark.
 */
export function problemsOf(text: string, kind: TextKind): string[] {
  const problems: string[] = [];
  const tokens = tokensOf(text);
  const words = tokens.filter(isWord);
  if (words.length === 0) return ['no words'];
  words.forEach((t, i) => {
    if (!needsNoun(t)) return;
    for (let j = i + 1; j < words.length; j++) {
      const next = words[j]!;
      if (isHead(next) || (next.pos === 'PRON' && next.lower === 'one')) return;
      if (!['ADJ', 'ADV', 'VERB', 'X'].includes(next.pos)) break;
    }
    problems.push(`"${t.text}" has no noun`);
  });
  const last = words[words.length - 1]!;
  const beforeLast = words[words.length - 2];
  if (needsNoun(last) || last.pos === 'DET') problems.push(`ends on "${last.text}"`);
  else if (['CCONJ', 'SCONJ'].includes(last.pos) || (last.pos === 'PART' && last.lower === 'to'))
    problems.push(`ends on "${last.text}"`);
  else if (
    last.pos === 'ADP' &&
    !(PARTICLES.has(last.lower) && (beforeLast?.pos === 'VERB' || beforeLast?.pos === 'NOUN'))
  )
    problems.push(`ends on the preposition "${last.text}"`);
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [words[i - 1]!, words[i]!];
    if (
      a.lower === b.lower &&
      !REPEATABLE.has(a.lower) &&
      tokens.indexOf(b) - tokens.indexOf(a) === 1
    )
      problems.push(`"${b.text}" twice`);
  }
  if (kind === 'sentence') {
    const trimmed = text.trim();
    if (!/^["'“‘(]?[\p{Lu}\p{N}]/u.test(trimmed)) problems.push('no capital');
    if (!/[.!?…]["'”’)\]]?$/.test(trimmed)) problems.push('no end mark');
  } else if (/[,;:(-]$/.test(text.trim())) problems.push('ends on a mark');
  return problems;
}

export const readsWell = (text: string, kind: TextKind) => problemsOf(text, kind).length === 0;

/** A noun phrase of a text: its tokens from the first to the head noun. */
export interface NounPhrase {
  tokens: Token[];
  text: string;
  head: Token;
  /** Index of its first token in the text's tokens. */
  start: number;
  end: number;
}

const MODIFIERS = new Set<Pos>(['ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * The noun phrases of a text, in order: an optional article or possessive, modifiers, and the
 * nouns they lead to ("a snowy forest", "its owner", "the Roman Empire", "electric cars").
 * A run that never reaches its noun is no phrase.
 */
export function nounPhrasesOf(tokens: readonly Token[]): NounPhrase[] {
  const phrases: NounPhrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i]!;
    const opens = needsNoun(first) || MODIFIERS.has(first.pos);
    if (!opens) {
      i++;
      continue;
    }
    let j = i + (needsNoun(first) ? 1 : 0);
    let lastHead = -1;
    while (j < tokens.length) {
      const t = tokens[j]!;
      const hyphen = t.text === '-' && t.before === '' && tokens[j + 1]?.before === '';
      const adverbBeforeAdjective = t.pos === 'ADV' && tokens[j + 1]?.pos === 'ADJ';
      const possessiveMark = t.pos === 'PART' && /^['’]s?$/.test(t.lower) && lastHead >= 0;
      if (!(MODIFIERS.has(t.pos) || hyphen || adverbBeforeAdjective || possessiveMark)) break;
      if (t.pos === 'NOUN' || t.pos === 'PROPN') lastHead = j;
      j++;
    }
    if (lastHead >= 0) {
      const span = tokens.slice(i, lastHead + 1);
      phrases.push({
        tokens: span,
        text: textOf(span),
        head: tokens[lastHead]!,
        start: i,
        end: lastHead + 1,
      });
      i = lastHead + 1;
    } else i = Math.max(j, i + 1);
  }
  return phrases;
}

/** "a" or "an" before a word, by its sound's first letter (an hour, a unicorn are rare enough). */
export function withArticle(phrase: string): string {
  return /^[aeiou]/i.test(phrase) && !/^(uni|use|eu|one)/i.test(phrase)
    ? `an ${phrase}`
    : `a ${phrase}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The longest start of a text, at most `maxWords` words, that is a whole phrase: it ends where
 * a noun phrase, a verb or the sentence ends, and reads as English. Undefined when none does.
 */
export function wholeStart(text: string, maxWords: number): string | undefined {
  const tokens = tokensOf(text);
  let words = 0;
  let best: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isWord(t)) words++;
    if (words > maxWords) break;
    const next = tokens[i + 1];
    const endsPhrase =
      !next ||
      next.pos === 'PUNCT' ||
      (isHead(t) && !MODIFIERS.has(next.pos) && next.pos !== 'PART') ||
      (t.pos === 'VERB' && ['ADP', 'CCONJ', 'SCONJ', 'PUNCT'].includes(next.pos));
    if (!isWord(t) || !endsPhrase) continue;
    const candidate = textOf(tokens.slice(0, i + 1));
    if (readsWell(candidate, 'phrase')) best = candidate;
  }
  return best;
}
