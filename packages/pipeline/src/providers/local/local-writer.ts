import nlp from 'compromise';
import { cleanPastedText } from '@storyloom/core';
import type { ShotDraft, StyleChoice, WriterProvider } from '../provider-types';
import {
  capitalise,
  nounPhrasesOf,
  readsWell,
  textOf,
  tokensOf,
  wholeStart,
  withArticle,
  type NounPhrase,
  type Token,
} from './english';
import { iconEntry } from './illustration/emoji-icons';
import { planScene, SYNONYMS, type ScenePlan } from './illustration/scene-plan';
import { findWord, SETTING_WORDS, TIME_WORDS, type Setting } from './illustration/scene-words';
import { seededRandom } from './seeded-random';
import {
  CLOSES,
  FIRST_OPENERS,
  HOOKS,
  INVITES,
  LAST_OPENERS,
  MIDDLE_OPENERS,
  QUESTIONS,
} from './writer-grammar';

/** Words per second a shot is sized by (the local voices speak about 2.7–3.3 words a second). */
export const SPEAKING_RATE_WPS = 2.75;
/** Seconds of speech a shot aims for. */
export const TARGET_SHOT_SECONDS = 5;
/** Longest caption phrase, in words. */
export const MAX_PHRASE_WORDS = 7;
/** Most shots a storyboard gets (a 900-character script needs about 12). */
export const MAX_SHOTS = 20;

const STOP_WORDS = new Set(
  `a an the and or but if then so of to in on at by for with from into onto over under about as is are was were be been being it its this that these those there here we you he she they i me my our your their his her them us do does did done have has had not no yes can could will would should may might must just very really also than too more most much many some any each every all what which who whom whose when where why how while because through across after before again once only own same such both few other new now out up down off one two three get got make made like well back even still way let let's it's don't can't isn't`.split(
    /\s+/,
  ),
);

/** Discourse fillers Auto-Polish drops where they open a clause ("so basically cats…"). */
const FILLERS = new Set(['basically', 'literally', 'actually']);

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });

export function sentencesOf(text: string): string[] {
  return [...sentenceSegmenter.segment(text.replace(/\s+/g, ' ').trim())]
    .map((s) => s.segment.trim())
    .filter((s) => s.length > 0);
}

export function wordsOf(text: string): string[] {
  return [...wordSegmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
}

/**
 * Caption phrases of a text: sentences, split at commas, semicolons and dashes, and then into
 * pieces of at most 7 words (balanced, so no phrase is a lone word).
 */
export function phrasesOf(text: string): string[] {
  const phrases: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const clauses = sentence
      .split(/(?<=[,;:])\s+|\s+[—–-]\s+/)
      .map((c) => c.trim())
      .filter(Boolean);
    for (const clause of clauses) {
      const words = clause.split(/\s+/);
      const pieces = Math.ceil(words.length / MAX_PHRASE_WORDS);
      const size = Math.ceil(words.length / pieces);
      for (let i = 0; i < words.length; i += size) phrases.push(words.slice(i, i + size).join(' '));
    }
  }
  // A phrase with no word (stray punctuation) joins its neighbour.
  return phrases.reduce<string[]>((out, phrase) => {
    if (wordsOf(phrase).length === 0 && out.length > 0) out[out.length - 1] += ` ${phrase}`;
    else out.push(phrase);
    return out;
  }, []);
}

/** The content words of a text, in order of first appearance, without repeats. */
export function keywordsOf(text: string, limit = 5): string[] {
  const seen = new Set<string>();
  for (const word of wordsOf(text)) {
    const lower = word.toLowerCase();
    if (lower.length < 3 || STOP_WORDS.has(lower) || /^\d+$/.test(lower)) continue;
    seen.add(lower);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/** Sentences grouped into shots of about 5 seconds of speech each (at most 20 shots). */
export function groupIntoShots(script: string): string[] {
  const target = TARGET_SHOT_SECONDS * SPEAKING_RATE_WPS;
  let shots: string[][] = [];
  let current: string[] = [];
  let count = 0;
  for (const sentence of sentencesOf(script)) {
    const words = wordsOf(sentence).length;
    if (current.length > 0 && count + words > target * 1.25) {
      shots.push(current);
      current = [];
      count = 0;
    }
    current.push(sentence);
    count += words;
    if (count >= target) {
      shots.push(current);
      current = [];
      count = 0;
    }
  }
  if (current.length > 0) shots.push(current);
  // Too many shots: merge the shortest neighbours until the count fits.
  while (shots.length > MAX_SHOTS) {
    let best = 0;
    let bestWords = Infinity;
    for (let i = 0; i < shots.length - 1; i++) {
      const words = wordsOf([...shots[i]!, ...shots[i + 1]!].join(' ')).length;
      if (words < bestWords) {
        bestWords = words;
        best = i;
      }
    }
    shots = [
      ...shots.slice(0, best),
      [...shots[best]!, ...shots[best + 1]!],
      ...shots.slice(best + 2),
    ];
  }
  return shots.map((sentences) => sentences.join(' '));
}

/**
 * Auto-Polish of one sentence: a stammered word said once ("are are"), a filler that opens a
 * clause dropped ("so basically"), spaces before marks removed, a capital and an end mark.
 * When the polished sentence would not read as English, the user's sentence is kept as written
 * (only given its capital and end mark).
 */
function polishSentence(sentence: string): string {
  const finish = (s: string) => {
    let out = s.replace(/\s+([,.;:!?])/g, '$1').trim();
    if (!/[.!?…]["'”’)\]]?$/.test(out)) out += '.';
    return capitalise(out);
  };
  const tokens = tokensOf(sentence);
  const dropped = new Set<number>();
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const stammer =
      prev !== undefined &&
      prev.lower === t.lower &&
      t.before !== '' &&
      /^\p{L}+$/u.test(t.text) &&
      !['had', 'that'].includes(t.lower) &&
      t.pos !== 'PROPN';
    const opensClause = !prev || prev.text === ',' || ['so', 'and', 'but'].includes(prev.lower);
    if (stammer || (FILLERS.has(t.lower) && t.pos === 'ADV' && opensClause)) {
      dropped.add(i);
      // Its commas go with it: "Basically, cats…", "Cats are, basically, great", "…great, basically."
      if (stammer) return;
      const after = tokens[i + 1]?.text === ',';
      if (after) dropped.add(i + 1);
      if (prev?.text === ',' && (after || tokens[i + 1]?.pos === 'PUNCT' || !tokens[i + 1]))
        dropped.add(i - 1);
    }
  });
  const polished = finish(textOf(tokens.filter((_, i) => !dropped.has(i))));
  const original = finish(sentence);
  if (polished === original) return original;
  return readsWell(polished, 'sentence') || !readsWell(original, 'sentence') ? polished : original;
}

/** How a setting is named in a prompt, with its preposition (the illustrator reads it back). */
const SETTING_PHRASES: Record<Setting, string> = {
  street: 'on a city street',
  city: 'in the city',
  kitchen: 'in a kitchen',
  room: 'in a living room',
  bedroom: 'in a bedroom',
  office: 'in an office',
  classroom: 'in a classroom',
  library: 'in a library',
  cafe: 'in a cafe',
  shop: 'at a market',
  lab: 'in a laboratory',
  stage: 'on a stage',
  forest: 'in a forest',
  mountains: 'in the mountains',
  beach: 'on a beach',
  sea: 'at sea',
  underwater: 'underwater on a coral reef',
  space: 'in outer space',
  desert: 'in the desert',
  countryside: 'in a meadow in the countryside',
  park: 'in a park',
  snowfield: 'on an arctic glacier',
  lake: 'by a lake',
  sky: 'in the sky',
  stadium: 'in a stadium',
};
const TIME_PHRASES = { day: '', dawn: ' at sunrise', dusk: ' at sunset', night: ' at night' };

/** Nouns that name an idea rather than a thing to show ("the history of", "tips for"). */
const ABSTRACT = new Set(
  'history story science art way secret secrets power rise fall life future importance benefit benefits basics guide tips tip truth idea ideas reason reasons world magic journey beginning end role impact type types kind kinds how why what work time thing lot part place water air light weather nobody someone everyone'.split(
    ' ',
  ),
);

/** The -ing form of a verb's lemma (make → making, run → running, lie → lying). */
const DOUBLED = new Set([
  'begin',
  'forget',
  'admit',
  'prefer',
  'occur',
  'refer',
  'permit',
  'control',
  'travel',
]);

export function gerund(verb: string): string {
  if (verb.endsWith('ing') && verb.length > 5) return verb;
  if (DOUBLED.has(verb)) return `${verb}${verb.slice(-1)}ing`;
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(verb) && verb !== 'be') return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

const BE = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', "'s", "'re"]);

/** The noun phrase that starts at a token, when one does. */
function phraseAt(tokens: readonly Token[], at: number): NounPhrase | undefined {
  return nounPhrasesOf(tokens.slice(at)).find((p) => p.start === 0);
}

/**
 * What a text's subject does, as an -ing phrase: the first action after `subject` (or anywhere
 * when none is given) and its whole object, "bees make honey" → "making honey". Undefined when
 * the text names none, or when its object is no whole noun phrase (then no action is better
 * than half of one).
 */
export function actionOf(text: string, subject?: string): string | undefined {
  const tokens = tokensOf(text);
  const from = subject ? tokens.findIndex((t) => t.lemma === subject || t.lower === subject) : -1;
  if (subject && from < 0) return undefined;
  let at = -1;
  for (let i = from + 1; i < Math.min(tokens.length, from < 0 ? tokens.length : from + 5); i++) {
    const t = tokens[i]!;
    const passive = i > 0 && BE.has(tokens[i - 1]!.lower) && !t.lower.endsWith('ing');
    if (t.pos === 'VERB' && !passive && /^[a-z]+$/.test(t.lemma) && !BE.has(t.lemma)) {
      at = i;
      break;
    }
    if (from >= 0 && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PUNCT')) break;
  }
  if (at < 0) return undefined;
  const verb = gerund(tokens[at]!.lemma);
  const next = tokens[at + 1];
  if (!next || ['ADP', 'PUNCT', 'CCONJ', 'SCONJ', 'ADV'].includes(next.pos)) return verb;
  const object = phraseAt(tokens, at + 1);
  if (!object) return undefined;
  const words = object.tokens.filter((t) => t.pos !== 'PUNCT' || t.text === '-');
  if (words.length > 4) return undefined;
  const objectText = object.text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) =>
    object.tokens[0]!.pos === 'PROPN' ? c : c.toLowerCase(),
  );
  return `${verb} ${objectText}`;
}

/** Scenery words a shot's subject is never taken from (its place and time are named apart). */
const SCENERY = new Set(
  [...Object.values(SETTING_WORDS), ...Object.values(TIME_WORDS)].flat().concat(['day', 'morning']),
);

/** The first noun of a text that names a thing to show (not a place, time or idea). */
function firstThing(text: string): Token | undefined {
  return tokensOf(text).find(
    (t) =>
      t.pos === 'NOUN' &&
      !ABSTRACT.has(t.lemma) &&
      !SCENERY.has(t.lemma) &&
      /^[a-z]+$/.test(t.lemma) &&
      /^[a-z]+$/.test(t.lower),
  );
}

/** A text as it reads inside a sentence: its first word in lower case unless it is a name. */
function inSentence(text: string): string {
  const first = text.split(/\s+/)[0] ?? '';
  if (first === 'I' || /^\p{Lu}{2,}/u.test(first)) return text;
  const proper = nlp(text).terms().first().has('#ProperNoun');
  return proper ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** What a topic is about as the templates use it (see writer-grammar). */
interface Topic {
  /** After "about": the topic itself when it reads as a noun phrase or a wh- or -ing phrase. */
  about: string;
  /** Its main noun phrase, as first named. */
  subject: string;
  /** Sentences of the user's own that the topic holds ("Bees make honey." from "How bees…"). */
  statements: string[];
}

const WH = new Set(['how', 'why', 'what', 'when', 'where', 'who', 'which']);

/** The topic of an idea or a short script, read from the user's words only. */
function topicOf(text: string): Topic | undefined {
  const first = sentencesOf(text)[0]?.replace(/[.!?…]+$/, '') ?? '';
  const tokens = tokensOf(first);
  const phrases = nounPhrasesOf(tokens);
  // The first noun phrase that names a thing, skipping "the history of", "tips for".
  // A bare singular noun needs an article to stand alone ("picture the dog", not "picture
  // dog"); "honey", "bread" and names do not.
  const standsAlone = (p: NounPhrase) =>
    p.tokens[0]!.pos === 'DET' ||
    p.tokens[0]!.pos === 'PRON' ||
    p.head.pos === 'PROPN' ||
    p.head.lower !== p.head.lemma ||
    nlp(p.head.lower).has('#Uncountable');
  const things = phrases.filter((p) => p.head.pos !== 'NUM' && standsAlone(p));
  // "Cooking the perfect pizza": a thing before an activity, before an idea.
  const main =
    things.find((p) => !ABSTRACT.has(p.head.lemma) && !p.head.lower.endsWith('ing')) ??
    things.find((p) => !ABSTRACT.has(p.head.lemma)) ??
    things[0];
  if (!main) return undefined;
  const subject = inSentence(main.text);
  if (!readsWell(subject, 'phrase')) return undefined;
  // A topic reads after "about" when it is a phrase, not a clause with its own verb.
  const lead = tokens[0];
  const verbs = tokens.filter((t) => t.pos === 'VERB' || t.pos === 'AUX');
  const whPhrase = lead !== undefined && WH.has(lead.lower);
  const ingPhrase = lead?.pos === 'VERB' && lead.lower.endsWith('ing');
  const relative = tokens.some((t) => ['who', 'which', 'that'].includes(t.lower));
  const nounPhrase = phrases[0]?.start === 0 && (verbs.length === 0 || relative);
  const about =
    (whPhrase || ingPhrase || nounPhrase) && readsWell(first, 'phrase') && first.length <= 100
      ? inSentence(first)
      : subject;
  // "How bees make honey" holds the user's own sentence "Bees make honey."
  const statements: string[] = [];
  if (whPhrase && lead?.lower === 'how' && tokens.length > 2) {
    const clause = capitalise(textOf(tokens.slice(1))) + '.';
    if (readsWell(clause, 'sentence') && verbs.length > 0) statements.push(clause);
  } else if (about === subject && verbs.length > 0 && !whPhrase && !ingPhrase) {
    // An idea written as a sentence ("A fox explores a snowy forest") is said as written.
    const sentence = capitalise(first) + '.';
    if (readsWell(sentence, 'sentence')) statements.push(sentence);
  }
  return { about, subject, statements };
}

/** "a grandmother" once introduced is "the grandmother"; other phrases stay as written. */
function definite(subject: string): string {
  return subject.replace(/^(a|an)\s+/i, 'the ');
}

/**
 * Sentences framing a topic: a hook, `points` points (invitations and questions about the
 * subject) and a close, drawn from the templates without repeats. Seeded, so deterministic.
 * Every sentence is checked; one that does not read as English is left out.
 */
function compose(
  topic: Topic,
  seed: string,
  parts: { points: number; hook: boolean; close: boolean; statements: boolean },
): string[] {
  const random = seededRandom(seed);
  const pick = <T>(pool: T[]): T => pool.splice(Math.floor(random() * pool.length), 1)[0]!;
  let named = false;
  const fill = (template: string) => {
    const text = template
      .replace('{about}', topic.about)
      .replace('{subject}', () => (named ? definite(topic.subject) : topic.subject));
    if (template.includes('{about}') || template.includes('{subject}')) named = true;
    return capitalise(text);
  };
  const invites: string[] = [...INVITES];
  const questions: string[] = [...QUESTIONS];
  const middles: string[] = [...MIDDLE_OPENERS];
  const out: string[] = [];
  if (parts.hook) out.push(fill(pick([...HOOKS])));
  if (parts.statements) out.push(...topic.statements);
  for (let i = 0; i < parts.points; i++) {
    if (i > 0 && random() < 0.3 && questions.length > 0) {
      out.push(fill(pick(questions)));
      continue;
    }
    const opener =
      i === 0
        ? pick([...FIRST_OPENERS])
        : i === parts.points - 1
          ? pick([...LAST_OPENERS])
          : pick(middles);
    out.push(fill(`${opener} ${pick(invites)}`));
  }
  if (parts.close) out.push(fill(pick([...CLOSES])));
  return out.filter((sentence) => readsWell(sentence, 'sentence'));
}

/**
 * A title from a text's first sentence: the sentence itself when it is short, else its longest
 * start of at most eight words that ends where a phrase ends ("A red lighthouse stands on a
 * rocky cliff", never "…stands on a"); its first noun phrase, else `fallback`.
 */
export function titleFromText(text: string, fallback: string): string {
  const first = sentencesOf(cleanPastedText(text))[0]?.replace(/[.,;:]+$/, '') ?? '';
  if (first.length === 0) return fallback;
  const whole = wholeStart(first, 8);
  if (whole && whole.length <= 80) return capitalise(whole);
  const phrase = nounPhrasesOf(tokensOf(first)).find((p) => p.text.length <= 80);
  return phrase ? capitalise(phrase.text) : fallback;
}

function plural(word: string): string {
  const made = nlp(word).nouns().toPlural().text();
  return made || `${word}s`;
}

/**
 * A subject as the prompt names it: "a bee", "two dogs", "friends"; by the icon's own label
 * when the word does not name it ("sleep" → "a person in bed").
 */
function subjectPhrase(subject: ScenePlan['subjects'][number]): string {
  const entry = iconEntry(
    subject.icon.replace(/-(light|medium-light|medium|medium-dark|dark)$/, ''),
  );
  const head = subject.word.split(' ').pop() ?? subject.word;
  const word =
    entry && !entry.name.includes(head) && !entry.tags.includes(head) && !SYNONYMS[head]
      ? entry.label
      : subject.word;
  if (subject.count > 1)
    return `${['', 'a', 'two', 'three'][Math.min(3, subject.count)]} ${plural(word)}`;
  if (nlp(word).nouns().isPlural().found) return word;
  return withArticle(word);
}

/**
 * The rule-based writer (`local-writer`): deterministic, offline. Storyboards split the script
 * into shots by speaking rate, and each shot's prompt names its subject, action and setting
 * (carried over from the story when the shot names none) and its framing, as whole phrases.
 * Ideas and short scripts are written out with templates that frame the user's own words and
 * state nothing the user did not say (writer-grammar); every sentence it writes is checked
 * with a part-of-speech tagger (english.ts) and one that fails is not written.
 */
export class LocalWriter implements WriterProvider {
  readonly name = 'local-writer';

  storyboard(input: { script: string; style: StyleChoice }): Promise<ShotDraft[]> {
    const shots = groupIntoShots(cleanPastedText(input.script));
    // Only things one can show lead a shot (not a face icon for "sleep"), named by a word the
    // script uses as a noun (not "here" in "here in an office").
    const scenes = shots.map((script) => {
      const scene = planScene(script);
      const nouns = new Set(
        tokensOf(script)
          .filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
          .flatMap((t) => [t.lower, t.lemma]),
      );
      return {
        ...scene,
        subjects: scene.subjects.filter(
          (s) =>
            s.kind !== 'face' &&
            s.kind !== 'symbol' &&
            nouns.has(s.word.split(' ').pop() ?? s.word),
        ),
      };
    });
    // The story's main subject: the one its shots name most often.
    const counts = new Map<string, { n: number; phrase: string }>();
    for (const scene of scenes) {
      const main = scene.subjects[0];
      if (!main) continue;
      const entry = counts.get(main.word) ?? { n: 0, phrase: subjectPhrase(main) };
      entry.n++;
      counts.set(main.word, entry);
    }
    const storySubject = [...counts.values()].sort((a, b) => b.n - a.n)[0]?.phrase ?? 'a person';
    let setting: Setting =
      scenes.find((_, i) => findWord(SETTING_WORDS, shots[i]!))?.setting ??
      scenes[0]?.setting ??
      'park';
    // The story's place is where it is first set (so the opening shot shows it); time of day
    // carries forward from where the script names it.
    let time: ScenePlan['time'] = 'day';
    const style = input.style.description ? `, ${input.style.description}` : '';
    const avoid = input.style.avoidTerms ? ` Avoid: ${input.style.avoidTerms}.` : '';
    return Promise.resolve(
      shots.map((script, i) => {
        const scene = scenes[i]!;
        if (findWord(SETTING_WORDS, script)) setting = scene.setting;
        if (findWord(TIME_WORDS, script)) time = scene.time;
        const main = scene.subjects[0];
        // A thing the icon set lacks is still named ("a puma"); a shot naming nothing shows
        // the story's subject.
        const noun = main ? undefined : firstThing(script);
        const nounPhrase = noun
          ? noun.lower === noun.lemma
            ? withArticle(noun.lower)
            : noun.lower
          : undefined;
        const subject = main ? subjectPhrase(main) : (nounPhrase ?? storySubject);
        const head = main ? main.word.split(' ').pop() : noun?.lemma;
        const action = head ? actionOf(script, head) : undefined;
        const small = main && ['food', 'object', 'plant'].includes(main.kind);
        const framing =
          i === 0
            ? 'Establishing wide shot of'
            : i === shots.length - 1
              ? 'Wide shot of'
              : small || i % 3 === 2
                ? 'Close-up of'
                : 'Medium shot of';
        const where = `${SETTING_PHRASES[setting]}${TIME_PHRASES[time]}`;
        // A whole phrase or a shorter one: without the action, then with the story's subject.
        const what =
          [
            `${subject}${action ? ` ${action}` : ''} ${where}`,
            `${subject} ${where}`,
            `${storySubject} ${where}`,
          ].find((w) => readsWell(`${framing} ${w}`, 'phrase')) ?? `the scene ${where}`;
        return {
          script,
          keywords: keywordsOf(script),
          image_prompt: `${framing} ${what}${style}.${avoid}`,
          video_prompt: `Slow cinematic camera move on ${what}; gentle parallax, no cuts.`,
        };
      }),
    );
  }

  rewrite(script: string): Promise<string> {
    // Paragraphs stay paragraphs; each sentence is polished only where that keeps it English.
    const paragraphs = cleanPastedText(script)
      .split(/\n\s*\n/)
      .map((p) => sentencesOf(p).map(polishSentence).join(' '))
      .filter(Boolean);
    const text = paragraphs.join('\n\n');
    // A short script is framed by sentences about its own subject, so the video is not 5
    // seconds long; the user's sentences stay as they are, in the middle.
    if (text.length === 0 || text.length >= 100) return Promise.resolve(text);
    const topic = topicOf(text);
    if (!topic) return Promise.resolve(text);
    const framing = { ...topic, about: topic.subject };
    const [hook] = compose(framing, `rewrite|${text}`, {
      points: 0,
      hook: true,
      close: false,
      statements: false,
    });
    const more = compose(
      { ...framing, subject: definite(framing.subject) },
      `rewrite-more|${text}`,
      {
        points: 2,
        hook: false,
        close: true,
        statements: false,
      },
    );
    return Promise.resolve([...(hook ? [hook] : []), text, ...more].join(' '));
  }

  ideaToScript(idea: string): Promise<string> {
    const cleaned = cleanPastedText(idea)
      .replace(/[.!?]+$/, '')
      .trim();
    const topic = topicOf(cleaned) ?? { about: 'this idea', subject: 'this idea', statements: [] };
    const seed = `idea|${cleaned.toLowerCase()}`;
    const points = 4 + (seededRandom(`length|${cleaned}`)() < 0.5 ? 0 : 1);
    return Promise.resolve(
      compose(topic, seed, { points, hook: true, close: true, statements: true }).join(' '),
    );
  }
}
