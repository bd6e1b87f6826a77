import nlp from 'compromise';
import { createRequire } from 'node:module';
import { cleanPastedText } from '@storyloom/core';
import type { ShotDraft, StyleChoice, WriterProvider } from '../provider-types';
import { iconEntry } from './illustration/emoji-icons';
import { planScene, SYNONYMS, type ScenePlan } from './illustration/scene-plan';
import { findWord, SETTING_WORDS, TIME_WORDS, type Setting } from './illustration/scene-words';
import { seededRandom } from './seeded-random';
import { grammarRules, templatesOf, TOPIC_WORDS, type TopicKind } from './writer-grammar';

/** Kate Compton's Tracery (`tracery-grammar`, CommonJS, no types of its own). */
const tracery = createRequire(import.meta.url)('tracery-grammar') as {
  createGrammar(rules: Record<string, string[]>): {
    flatten(rule: string): string;
    addModifiers(modifiers: Record<string, (s: string) => string>): void;
  };
  setRng(rng: () => number): void;
  baseEngModifiers: Record<string, (s: string) => string>;
};

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

const FILLERS = /\b(basically|actually|literally|really|just|very|kind of|sort of|you know)\s+/gi;

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

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function polishSentence(sentence: string): string {
  let s = sentence.replace(FILLERS, '').replace(/\b(\w+)(\s+\1\b)+/gi, '$1');
  s = s.replace(/\s+([,.;:!?])/g, '$1').trim();
  if (!/[.!?…]["')\]]?$/.test(s)) s += '.';
  return capitalise(s);
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
const AUXILIARIES = new Set([
  'be',
  'is',
  'are',
  'was',
  'were',
  'have',
  'has',
  'had',
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'may',
  'might',
  'must',
  'get',
  'let',
]);

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
  if (DOUBLED.has(verb)) return `${verb}${verb.slice(-1)}ing`;
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(verb) && verb !== 'be') return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

interface Term {
  text: string;
  lemma: string;
  tags: Set<string>;
}

function termsOf(text: string): Term[] {
  const doc = nlp(text);
  doc.compute('root');
  const json = doc.json({ terms: { normal: true } }) as {
    terms: { text: string; normal: string; root?: string; tags: string[] }[];
  }[];
  return json.flatMap((s) =>
    s.terms.map((t) => ({ text: t.text, lemma: t.root ?? t.normal, tags: new Set(t.tags) })),
  );
}

/** A verb that says what someone does (not "is", "can", nor a passive "is written"). */
function isAction(terms: readonly Term[], i: number): boolean {
  const t = terms[i]!;
  if (!t.tags.has('Verb') || t.tags.has('Auxiliary') || t.tags.has('Participle')) return false;
  if (AUXILIARIES.has(t.lemma) || !/^[a-z]+$/.test(t.lemma)) return false;
  return !(i > 0 && ['is', 'are', 'was', 'were', 'be', 'been'].includes(terms[i - 1]!.lemma));
}

/**
 * What a text's subject does, as an -ing phrase: the first action after `subject` (or anywhere
 * when none is given) and its object, "bees make honey" → "making honey".
 */
export function actionOf(text: string, subject?: string): string | undefined {
  const terms = termsOf(text);
  const from = subject
    ? terms.findIndex((t) => t.lemma.toLowerCase() === subject || t.text.toLowerCase() === subject)
    : -1;
  if (subject && from < 0) return undefined;
  let at = -1;
  for (let i = from + 1; i < Math.min(terms.length, from < 0 ? terms.length : from + 5); i++) {
    if (isAction(terms, i)) {
      at = i;
      break;
    }
    if (from >= 0 && terms[i]!.tags.has('Noun') && !terms[i]!.tags.has('Adjective')) break;
  }
  if (at < 0) return undefined;
  const object: string[] = [];
  for (const t of terms.slice(at + 1, at + 5)) {
    if (t.tags.has('Preposition') || t.tags.has('Conjunction') || t.tags.has('Verb')) break;
    object.push(t.text.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, ''));
    if (t.tags.has('Noun') && !t.tags.has('Adjective')) break;
  }
  return [gerund(terms[at]!.lemma), ...object.filter(Boolean)].join(' ');
}

/** The first noun of a text that names a thing to show (not a place, time or idea). */
function firstThing(text: string): string | undefined {
  const scenery = new Set(
    [...Object.values(SETTING_WORDS), ...Object.values(TIME_WORDS)]
      .flat()
      .concat(['day', 'morning']),
  );
  return termsOf(text).find(
    (t) =>
      t.tags.has('Noun') &&
      t.tags.has('Singular') &&
      !t.tags.has('Pronoun') &&
      !t.tags.has('ProperNoun') &&
      !ABSTRACT.has(t.lemma) &&
      !scenery.has(t.lemma) &&
      /^[a-z]+$/.test(t.lemma),
  )?.lemma;
}

/** What a topic is about: its subject as a noun phrase, what it does, where and its kind. */
interface Topic {
  idea: string;
  subject: string;
  plural: boolean;
  action: string;
  actionPresent: string;
  setting: string;
  kind: TopicKind;
}

function topicOf(idea: string): Topic {
  const terms = termsOf(idea);
  const scene = planScene(idea);
  // The first noun phrase that names a thing, skipping "the history of", "tips for".
  const phrases = nlp(idea).nouns().out('array') as string[];
  let subject = '';
  for (const phrase of phrases) {
    const parts = phrase.split(/\s+(?:of|for|about|in)\s+/i);
    const thing = parts.find((p) => !ABSTRACT.has(p.toLowerCase().split(/\s+/).pop() ?? ''));
    if (thing) {
      // "A grandmother" is "the grandmother" once introduced; "my dog" stays as written.
      subject = thing.trim().replace(/^(a|an)\s+/i, 'the ');
      subject = subject.replace(/^(the|my|our|your|his|her|their)\s/i, (w) => w.toLowerCase());
      break;
    }
  }
  subject ||= scene.subjects[0]?.word ?? idea;
  const plural = Boolean(nlp(subject).nouns().isPlural().found);
  const lemmas = new Set(terms.map((t) => t.lemma.toLowerCase()));
  const text = ` ${idea.toLowerCase()} `;
  const main = scene.subjects[0];
  // A person makes it a story and a named place a trip; else the topic's words, else what
  // its subject is.
  let kind: TopicKind | undefined =
    main?.kind === 'person'
      ? 'story'
      : terms.some((t) => t.tags.has('City') || t.tags.has('Country'))
        ? 'travel'
        : (Object.entries(TOPIC_WORDS) as [TopicKind, readonly string[]][]).find(([, words]) =>
            words.some((w) => lemmas.has(w) || text.includes(` ${w} `)),
          )?.[0];
  kind ??=
    main?.kind === 'animal' || main?.kind === 'plant'
      ? 'nature'
      : main?.kind === 'food'
        ? 'food'
        : main?.kind === 'vehicle' || main?.kind === 'object'
          ? 'technology'
          : 'general';
  const action = actionOf(idea) ?? DEFAULT_ACTIONS[kind];
  const [verb, ...rest] = action.split(' ');
  const base = verb!.replace(/ing$/, '');
  const lemma = termsOf(idea).find((t) => gerund(t.lemma) === verb)?.lemma ?? base;
  const present = plural
    ? lemma
    : /(s|sh|ch|x|o)$/.test(lemma)
      ? `${lemma}es`
      : /[^aeiou]y$/.test(lemma)
        ? `${lemma.slice(0, -1)}ies`
        : `${lemma}s`;
  return {
    idea,
    subject,
    plural,
    action,
    actionPresent: [present, ...rest].join(' '),
    setting: SETTING_PHRASES[scene.setting].replace(/^(in|on|at|by|underwater on)\s+/, ''),
    kind,
  };
}

const DEFAULT_ACTIONS: Record<TopicKind, string> = {
  nature: 'searching for food',
  food: 'cooking dinner',
  space: 'drifting through the dark',
  history: 'building an empire',
  travel: 'exploring the streets',
  technology: 'solving problems',
  health: 'starting the day',
  business: 'growing step by step',
  story: 'getting to work',
  general: 'changing the world',
};

/**
 * Sentences of a topic's grammar: a hook and the setting, `points` points, a turn and a close.
 * Templates are drawn without repeats; Tracery fills their words. Seeded, so deterministic.
 */
function compose(
  topic: Topic,
  seed: string,
  parts: { points: number; hook: boolean; close: boolean },
): string[] {
  const random = seededRandom(seed);
  tracery.setRng(random);
  const grammar = tracery.createGrammar({
    ...grammarRules(topic.kind, topic.plural),
    subject: [topic.subject],
    action: [topic.action],
    actionPresent: [topic.actionPresent],
    setting: [topic.setting],
    topic: [topic.idea.charAt(0).toLowerCase() + topic.idea.slice(1)],
  });
  grammar.addModifiers(tracery.baseEngModifiers);
  const templates = templatesOf(topic.kind);
  const take = (slot: keyof typeof templates, count: number) => {
    const pool = [...templates[slot]];
    const out: string[] = [];
    while (out.length < count && pool.length > 0) {
      const [template] = pool.splice(Math.floor(random() * pool.length), 1);
      out.push(capitalise(grammar.flatten(template!)));
    }
    return out;
  };
  return [
    ...(parts.hook ? [...take('hook', 1), ...take('setup', 1)] : []),
    ...take('point', parts.points),
    ...(parts.close && random() < 0.7 ? take('turn', 1) : []),
    ...(parts.close ? take('close', 1) : []),
  ];
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
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * The rule-based writer (`local-writer`): deterministic, offline. Storyboards split the script
 * into shots by speaking rate, and each shot's prompt names its subject, action and setting
 * (carried over from the story when the shot names none) and its framing. Ideas and short
 * scripts are written out with a story grammar chosen by the topic's words.
 */
export class LocalWriter implements WriterProvider {
  readonly name = 'local-writer';

  storyboard(input: { script: string; style: StyleChoice }): Promise<ShotDraft[]> {
    const shots = groupIntoShots(cleanPastedText(input.script));
    // Only things one can show lead a shot (not a face icon for "sleep").
    const scenes = shots.map((script) => {
      const scene = planScene(script);
      return {
        ...scene,
        subjects: scene.subjects.filter((s) => s.kind !== 'face' && s.kind !== 'symbol'),
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
        const subject = main ? subjectPhrase(main) : noun ? `a ${noun}` : storySubject;
        const head = main ? main.word.split(' ').pop() : noun;
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
        const what = `${subject}${action ? ` ${action}` : ''} ${where}`;
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
    const sentences = sentencesOf(cleanPastedText(script)).map(polishSentence);
    const text = sentences.join(' ');
    // A short script is written out around its topic, so the video is not 5 seconds long.
    if (text.length === 0 || text.length >= 100) return Promise.resolve(text);
    const topic = topicOf(text.replace(/[.!?…]+$/, ''));
    const [hook] = compose(topic, `rewrite|${text}`, { points: 0, hook: true, close: false });
    const more = compose(topic, `rewrite-more|${text}`, { points: 2, hook: false, close: true });
    return Promise.resolve([hook, text, ...more].join(' '));
  }

  ideaToScript(idea: string): Promise<string> {
    const topic = topicOf(cleanPastedText(idea).replace(/[.!?]+$/, ''));
    const points = 3 + (seededRandom(`length|${topic.idea}`)() < 0.5 ? 0 : 1);
    return Promise.resolve(
      compose(topic, `idea|${topic.idea.toLowerCase()}`, { points, hook: true, close: true }).join(
        ' ',
      ),
    );
  }
}
