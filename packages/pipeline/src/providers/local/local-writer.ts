import { cleanPastedText } from '@storyloom/core';
import type { ShotDraft, StyleChoice, WriterProvider } from '../provider-types';

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

function shorten(text: string, words: number): string {
  const all = text.split(/\s+/);
  return all.length <= words ? text : `${all.slice(0, words).join(' ')}…`;
}

/**
 * The rule-based writer (`local-writer`): deterministic, offline. Storyboards split the script
 * into shots by speaking rate; prompts are the shot's subject words plus the style prompt.
 */
export class LocalWriter implements WriterProvider {
  readonly name = 'local-writer';

  storyboard(input: { script: string; style: StyleChoice }): Promise<ShotDraft[]> {
    const shots = groupIntoShots(cleanPastedText(input.script));
    return Promise.resolve(
      shots.map((script) => {
        const keywords = keywordsOf(script);
        const subject = keywords.length > 0 ? keywords.join(', ') : 'an establishing scene';
        const style = input.style.description ? `, ${input.style.description}` : '';
        const avoid = input.style.avoidTerms ? ` Avoid: ${input.style.avoidTerms}.` : '';
        return {
          script,
          keywords,
          image_prompt: `A scene of ${subject}: "${shorten(script, 16)}"${style}.${avoid}`,
          video_prompt: `Slow cinematic camera move over the scene of ${subject}; gentle parallax, no cuts.`,
        };
      }),
    );
  }

  rewrite(script: string): Promise<string> {
    const sentences = sentencesOf(cleanPastedText(script)).map(polishSentence);
    let text = sentences.join(' ');
    const keywords = keywordsOf(text, 3);
    // A short script gets an opening and a closing line, so the video is not 5 seconds long.
    if (text.length > 0 && text.length < 100) {
      const topic = keywords[0] ?? 'this idea';
      text = `Let's take a closer look at ${topic}. ${text} Keep ${topic} in mind, and see where it takes you.`;
    }
    return Promise.resolve(text);
  }

  ideaToScript(topic: string): Promise<string> {
    const idea = cleanPastedText(topic).replace(/[.!?]+$/, '');
    const keywords = keywordsOf(idea, 3);
    const key = keywords[0] ?? idea;
    return Promise.resolve(
      [
        `Have you ever wondered about ${idea}?`,
        `At first glance, ${key} looks simple, but there is more to it than meets the eye.`,
        `It starts with a single question and a little curiosity.`,
        `Step by step, the details of ${key} come together into a bigger picture.`,
        `Along the way, small surprises make the journey worth it.`,
        `So next time you think about ${idea}, remember how much is hiding in plain sight.`,
      ].join(' '),
    );
  }
}
