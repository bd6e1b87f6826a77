import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemsOf, withArticle } from './english';
import { LocalWriter, sentencesOf, titleFromText, wordsOf } from './local-writer';
import { TEMPLATE_WORDS } from './writer-grammar';

/**
 * Over generated topics and scripts built from varied (and some odd) nouns, adjectives, verbs
 * and places, every sentence, prompt and title the writer emits reads as English, and Rewrite
 * of a correct script keeps every sentence and adds no word of its own beyond the templates.
 */

const NOUNS = [
  'fox',
  'lighthouse',
  'bicycle',
  'grandmother',
  'axolotl',
  'zeppelin',
  'harpsichord',
  'owl',
  'umbrella',
  'robot',
  'teapot',
  'glacier',
  'violinist',
  'hedgehog',
  'kite',
  'submarine',
  'pangolin',
  'accordion',
  'baker',
  'tram',
  'cactus',
  'astronaut',
  'octopus',
  'wombat',
  'lantern',
  'quokka',
  'narwhal',
  'tuba',
] as const;
const PLURALS: Record<string, string> = {
  cactus: 'cacti',
  octopus: 'octopuses',
  fox: 'foxes',
};
const ADJECTIVES = [
  'snowy',
  'red',
  'rusty',
  'tiny',
  'ancient',
  'purple',
  'sleepy',
  'old',
  'brave',
  'curious',
  'shiny',
  'enormous',
  'quiet',
  'orange',
] as const;
/** Verbs as [base, third person]. */
const VERBS = [
  ['explore', 'explores'],
  ['paint', 'paints'],
  ['chase', 'chases'],
  ['build', 'builds'],
  ['visit', 'visits'],
  ['repair', 'repairs'],
  ['watch', 'watches'],
  ['carry', 'carries'],
  ['follow', 'follows'],
  ['find', 'finds'],
  ['clean', 'cleans'],
  ['greet', 'greets'],
] as const;
const PLACES = [
  'in a snowy forest',
  'at the market',
  'on the moon',
  'near an old bridge',
  'by the lake',
  'in a busy office',
  'under the stars',
  'on a quiet beach',
  'in the kitchen',
  'at dawn',
  'in Paris',
  'on a rainy street',
] as const;

const plural = (noun: string) => PLURALS[noun] ?? `${noun}s`;

const nounPhrase = fc
  .record({
    det: fc.constantFrom('a', 'the', 'my', 'our', 'their'),
    adjective: fc.option(fc.constantFrom(...ADJECTIVES), { nil: undefined }),
    noun: fc.constantFrom(...NOUNS),
  })
  .map(({ det, adjective, noun }) => {
    const words = adjective ? `${adjective} ${noun}` : noun;
    return det === 'a' ? withArticle(words) : `${det} ${words}`;
  });

/** A sentence in one of several shapes: with an object, a pronoun, an adverb, a copula, "here". */
const sentence = fc
  .record({
    shape: fc.integer({ min: 0, max: 5 }),
    subject: nounPhrase,
    verb: fc.constantFrom(...VERBS),
    object: nounPhrase,
    adjective: fc.constantFrom(...ADJECTIVES),
    place: fc.option(fc.constantFrom(...PLACES), { nil: undefined }),
  })
  .map(({ shape, subject, verb, object, adjective, place }) => {
    const where = place ? ` ${place}` : '';
    const text = [
      `${subject} ${verb[1]} ${object}${where}.`,
      `${subject} ${verb[1]} it${where}.`,
      `${subject} ${verb[1]} ${object} slowly${where}.`,
      `${subject} is ${adjective}${where}.`,
      `here ${place ?? 'in an office'}, ${subject} ${verb[1]} ${object}.`,
      `is ${subject} ${adjective}?`,
    ][shape]!;
    return text.charAt(0).toUpperCase() + text.slice(1);
  });

const script = fc.array(sentence, { minLength: 1, maxLength: 8 }).map((s) => s.join(' '));

const topic = fc.oneof(
  fc.constantFrom(...NOUNS).map((n) => plural(n)),
  fc
    .tuple(fc.constantFrom(...NOUNS), fc.constantFrom(...VERBS), fc.constantFrom(...NOUNS))
    .map(([a, v, b]) => `How ${plural(a)} ${v[0]} ${plural(b)}`),
  nounPhrase.map((np) => `The history of ${np}`),
  fc
    .tuple(fc.constantFrom(...VERBS), nounPhrase, fc.constantFrom(...PLACES))
    .map(([v, np, place]) => `${v[0].replace(/e$/, '')}ing ${np} ${place}`)
    .map((t) => t.charAt(0).toUpperCase() + t.slice(1)),
  fc
    .tuple(nounPhrase, fc.constantFrom(...VERBS), fc.constantFrom(...NOUNS))
    .map(([np, v, n]) => `${np} who ${v[1]} ${plural(n)}`),
  sentence.map((s) => s.replace(/\.$/, '')),
);

/** Words that must never end a sentence, prompt or title. */
const DANGLING =
  /\b(a|an|the|my|your|its|our|their|of|in|on|at|to|for|with|from|by|into|near|under|as|and|or|but)$/i;

const lastWord = (text: string) =>
  text
    .replace(/[\s.,;:!?…"'”’)\]]+$/u, '')
    .split(/\s+/)
    .pop() ?? '';

function expectReadsWell(text: string, kind: 'sentence' | 'phrase', context: string) {
  expect(problemsOf(text, kind), `${text}\n(from: ${context})`).toEqual([]);
  expect(lastWord(text), `${text}\n(from: ${context})`).not.toMatch(DANGLING);
}

const style = { value: 'watercolor', description: 'soft watercolour painting', avoidTerms: '' };
const writer = new LocalWriter();

describe('the local writer over generated topics and scripts', () => {
  it('writes only sentences, prompts and titles that read as English', async () => {
    await fc.assert(
      fc.asyncProperty(topic, script, async (idea, text) => {
        for (const s of sentencesOf(await writer.ideaToScript(idea)))
          expectReadsWell(s, 'sentence', idea);
        for (const s of sentencesOf(await writer.rewrite(text)))
          expectReadsWell(s, 'sentence', text);
        for (const shot of await writer.storyboard({ script: text, style })) {
          expectReadsWell(shot.image_prompt, 'phrase', shot.script);
          expectReadsWell(shot.video_prompt.replace(/;.*$/, ''), 'phrase', shot.script);
        }
        const title = titleFromText(text, 'My Story');
        expectReadsWell(title, 'phrase', text);
        expect(wordsOf(title).length).toBeLessThanOrEqual(8);
        expect(text.startsWith(title), `${title} / ${text}`).toBe(true);
      }),
      { numRuns: 500, seed: 20 },
    );
  }, 300_000);

  it("keeps a correct script's sentences and facts when rewriting it", async () => {
    await fc.assert(
      fc.asyncProperty(script, async (text) => {
        const rewritten = await writer.rewrite(text);
        for (const s of sentencesOf(text)) expect(rewritten).toContain(s);
        const own = new Set(wordsOf(text).map((w) => w.toLowerCase()));
        const invented = wordsOf(rewritten)
          .map((w) => w.toLowerCase())
          .filter((w) => !own.has(w) && !TEMPLATE_WORDS.has(w) && w !== 'the');
        expect(invented, rewritten).toEqual([]);
        expect(await writer.rewrite(text)).toBe(rewritten);
      }),
      { numRuns: 500, seed: 5 },
    );
  }, 300_000);
});
