import { tokensOf, type Token } from '../english';
import { iconEntry } from './emoji-icons';
import { compoundNoun, isWordNetVerb } from './nearest-kind';
import { findWord, SETTING_WORDS, TIME_WORDS, type Setting, type TimeOfDay } from './scene-words';

/**
 * A shot's sentence read into what a picture must show, from winkNLP's part-of-speech tags
 * (`wink-eng-lite-web-model`): noun phrases are runs of determiners, numbers, adjectives and
 * nouns; a phrase's head is its last noun, so "car engine" is an engine and "stone bridge" a
 * bridge; runs that WordNet or the icon set name as one noun ("hot air balloon", "fire
 * engine", "pirate ship") are matched whole before their words. The subject is the first
 * phrase before the main verb, the objects are the other phrases with their relation to it
 * (the preposition or verb before them), the setting and time of day come from the phrases
 * that name a place or a time.
 */

/** How an object stands to the subject. */
export type Relation = 'on' | 'under' | 'beside' | 'holding' | 'in' | 'above';

export interface ParsedObject {
  /** The head noun's lemma, a compound hyphenated ("fire-engine"). */
  word: string;
  relation: Relation;
  count: number;
  /** The phrase's other words (adjectives, modifier nouns), lower case. */
  modifiers: string[];
}

export interface ParsedSentence {
  subject?: ParsedObject;
  /** The main verb's lemma. */
  action?: string;
  objects: ParsedObject[];
  setting?: Setting;
  time?: TimeOfDay;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  both: 2,
  pair: 2,
  couple: 2,
  three: 3,
  four: 4,
  five: 5,
  few: 3,
  several: 3,
  many: 3,
  some: 2,
};

/** The relation a preposition (or a verb of holding) gives the phrase after it. */
const RELATIONS: Record<string, Relation> = {
  on: 'on',
  onto: 'on',
  upon: 'on',
  atop: 'on',
  under: 'under',
  beneath: 'under',
  below: 'under',
  underneath: 'under',
  with: 'holding',
  hold: 'holding',
  carry: 'holding',
  play: 'holding',
  throw: 'holding',
  catch: 'holding',
  beside: 'beside',
  near: 'beside',
  by: 'beside',
  next: 'beside',
  behind: 'beside',
  in: 'in',
  inside: 'in',
  into: 'in',
  at: 'in',
  over: 'above',
  above: 'above',
};

const PHRASE_POS = new Set(['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN']);
const isNoun = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';
const SETTING_LEMMAS = new Set(Object.values(SETTING_WORDS).flat());
/** Times of day that are not things to draw ("the moon" and "stars" are). */
const TIME_LEMMAS = new Set(
  [...Object.values(TIME_WORDS).flat(), 'day', 'morning', 'afternoon', 'autumn', 'spring'].filter(
    (w) => !['moon', 'stars', 'full moon'].includes(w),
  ),
);

interface Phrase {
  start: number;
  end: number;
  head: string;
  modifiers: string[];
  count: number;
}

/** The phrase's head: the longest compound ending its nouns, else its last noun's lemma. */
function headOf(words: readonly Token[]): { head: string; used: number } {
  const last = words.length - 1;
  for (let n = Math.min(3, words.length); n >= 2; n--) {
    const run = words.slice(last - n + 1);
    if (!run.every((t) => t.pos !== 'DET' && t.pos !== 'NUM')) continue;
    const lemmas = [...run.slice(0, -1).map((t) => t.lower), run[run.length - 1]!.lemma];
    const joined = lemmas.join('-');
    if (iconEntry(joined)) return { head: joined, used: n };
    // "a small boat" is a boat: an adjective and a noun are a compound only as three words
    // ("hot air balloon") or when the icon set names them.
    if (n === 2 && run[0]!.pos === 'ADJ') continue;
    if (compoundNoun(lemmas)) return { head: joined, used: n };
  }
  return { head: words[last]!.lemma, used: 1 };
}

/**
 * The tagger's tags with its commonest slip mended: in a sentence it finds no verb in, the
 * verb was read as a noun ("a fire engine races", "a woman drinks coffee", "two friends share
 * a pizza"). The first noun after the subject's noun that WordNet knows as a verb and whose
 * number agrees (a singular subject, then "-s"; a plural one, then the bare form) is the verb.
 */
function mended(tokens: readonly Token[]): Token[] {
  const all = tokens.map((t) => ({ ...t }));
  // Sentence by sentence: a script's later sentences have verbs of their own.
  let start = 0;
  all.forEach((t, i) => {
    if (i === all.length - 1 || /^[.!?]$/.test(t.text)) {
      mendSentence(all.slice(start, i + 1));
      start = i + 1;
    }
  });
  return all;
}

/** One sentence's tokens mended in place. */
function mendSentence(out: Token[]): void {
  if (out.some((t) => t.pos === 'VERB')) return;
  const plural = (t: Token) => t.lower !== t.lemma && /s$/.test(t.lower);
  for (let i = 1; i < out.length; i++) {
    const t = out[i]!;
    const before = out[i - 1]!;
    if (!isNoun(t) || !PHRASE_POS.has(before.pos) || before.pos === 'DET') continue;
    const third = /[^s]s$/.test(t.lower);
    // The model leaves some "-s" forms unlemmatised ("bakes").
    const base = (third ? [t.lemma, t.lower.slice(0, -1)] : [t.lemma]).find(isWordNetVerb);
    if (!base) continue;
    const agrees = third ? !plural(before) : plural(before) && isNoun(before);
    if (!agrees) continue;
    t.lemma = base;
    t.pos = 'VERB';
    // "the mechanic repairs": the word before it was its subject, a noun.
    if (before.pos === 'ADJ' && out[i - 2]?.pos === 'DET') before.pos = 'NOUN';
    break;
  }
}

function phrasesOf(tokens: readonly Token[]): Phrase[] {
  const phrases: Phrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!PHRASE_POS.has(tokens[i]!.pos)) {
      i++;
      continue;
    }
    let j = i + 1;
    // A determiner starts the next phrase ("gives the dog a bone").
    while (j < tokens.length && PHRASE_POS.has(tokens[j]!.pos) && tokens[j]!.pos !== 'DET') j++;
    // The run ends on its last noun (trailing adjectives belong to no phrase here).
    let end = j;
    while (end > i && !isNoun(tokens[end - 1]!)) end--;
    if (end > i) {
      const words = tokens.slice(i, end);
      const { head, used } = headOf(words);
      const number = words
        .map((t) => NUMBER_WORDS[t.lower] ?? (/^\d+$/.test(t.lower) ? Number(t.lower) : 0))
        .find((n) => n > 0);
      const plural = words[words.length - 1]!.lower !== words[words.length - 1]!.lemma;
      phrases.push({
        start: i,
        end,
        head,
        modifiers: words
          .slice(0, words.length - used)
          .filter((t) => t.pos !== 'DET' && t.pos !== 'NUM')
          .map((t) => t.lower),
        count: number ?? (plural && !/s$/.test(head) ? 2 : plural ? 2 : 1),
      });
    }
    i = j;
  }
  return phrases;
}

/** Reads one sentence (or prompt) into subject, action, objects, setting and time of day. */
export function parseSentence(text: string): ParsedSentence {
  const tokens = mended(tokensOf(text));
  const phrases = phrasesOf(tokens);
  const lower = phrases.map((p) => p.head.replace(/-/g, ' '));
  const placeText = phrases.map((p, k) => `${p.modifiers.join(' ')} ${lower[k]}`).join(' , ');
  const { sky: _sky, ...grounded } = SETTING_WORDS;
  const setting =
    findWord(grounded, placeText, 'last') ?? findWord({ sky: SETTING_WORDS.sky }, placeText);
  const time = findWord(TIME_WORDS, text);
  const isScene = (p: Phrase) =>
    SETTING_LEMMAS.has(p.head.replace(/-/g, ' ')) || TIME_LEMMAS.has(p.head);
  const things = phrases.filter((p) => !isScene(p));
  const verbAt = tokens.findIndex((t) => t.pos === 'VERB');
  const subjectPhrase = things.find((p) => verbAt < 0 || p.start < verbAt) ?? things[0];
  const action =
    verbAt >= 0 && subjectPhrase && verbAt > subjectPhrase.start
      ? tokens[verbAt]!.lemma
      : undefined;
  const relationBefore = (p: Phrase): Relation => {
    for (let k = p.start - 1; k >= 0; k--) {
      const t = tokens[k]!;
      const relation = RELATIONS[t.lemma] ?? RELATIONS[t.lower];
      if (relation && (t.pos === 'ADP' || t.pos === 'VERB' || t.pos === 'ADV')) return relation;
      if (t.pos === 'VERB' || t.pos === 'ADP' || t.pos === 'PUNCT') break;
    }
    return 'beside';
  };
  const toObject = (p: Phrase, relation: Relation): ParsedObject => ({
    word: p.head,
    relation,
    count: p.count,
    modifiers: p.modifiers,
  });
  return {
    ...(subjectPhrase ? { subject: toObject(subjectPhrase, 'beside') } : {}),
    ...(action ? { action } : {}),
    objects: things.filter((p) => p !== subjectPhrase).map((p) => toObject(p, relationBefore(p))),
    ...(setting ? { setting } : {}),
    ...(time ? { time } : {}),
  };
}
