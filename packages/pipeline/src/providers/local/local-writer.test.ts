import { describe, expect, it } from 'vitest';
import { planScene } from './illustration/scene-plan';
import {
  groupIntoShots,
  LocalWriter,
  MAX_SHOTS,
  phrasesOf,
  sentencesOf,
  titleFromText,
  wordsOf,
} from './local-writer';
import { TEMPLATE_WORDS } from './writer-grammar';

const style = { value: 'pixelart', description: '16-bit pixel art', avoidTerms: 'blur' };

describe('the local writer', () => {
  it('splits a script into shots of about five seconds of speech, keeping every word in order', async () => {
    const script = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i + 1} talks about cats and gardens.`,
    ).join(' ');
    const shots = await new LocalWriter().storyboard({ script, style });
    expect(shots.length).toBeGreaterThan(3);
    expect(shots.map((s) => s.script).join(' ')).toBe(script);
    for (const shot of shots) expect(wordsOf(shot.script).length).toBeLessThanOrEqual(18);
  });

  it('names the subject, action, setting and framing of each shot, and is deterministic', async () => {
    const writer = new LocalWriter();
    const input = { script: 'A puma walks through the misty forest at dawn.', style };
    const [shot] = await writer.storyboard(input);
    expect(shot!.keywords).toEqual(['puma', 'walks', 'misty', 'forest', 'dawn']);
    expect(shot!.image_prompt).toMatch(
      /^Establishing wide shot of a puma walking in a forest at sunrise, 16-bit pixel art\. Avoid: blur\.$/,
    );
    expect(await writer.storyboard(input)).toEqual(await writer.storyboard(input));
  });

  it("carries the story's subject and place into shots that name neither", async () => {
    const script =
      'An old fisherman rows across the lake at dawn. He has done this for forty years. ' +
      'Nobody else is awake yet, and the water is still. The work is slow and quiet.';
    const shots = await new LocalWriter().storyboard({ script, style });
    expect(shots.length).toBeGreaterThan(1);
    for (const shot of shots) {
      expect(shot.image_prompt).toMatch(/fisherman/);
      expect(shot.image_prompt).toMatch(/by a lake/);
      // The illustrator reads the same prompt back to the same subject and setting.
      expect(planScene(shot.image_prompt).subjects[0]?.word).toBe('fisherman');
      expect(planScene(shot.image_prompt).setting).toBe('lake');
    }
  });

  it('never makes more than the maximum number of shots', () => {
    const script = Array.from(
      { length: 60 },
      (_, i) => `Point ${i} matters a great deal to everyone here today.`,
    ).join(' ');
    expect(groupIntoShots(script).length).toBe(MAX_SHOTS);
  });

  it('cuts captions into phrases of at most seven words at clause boundaries', () => {
    expect(
      phrasesOf(
        'Hello there, my friend. This sentence has quite a lot of words in it, really many words indeed.',
      ),
    ).toEqual([
      'Hello there,',
      'my friend.',
      'This sentence has quite a',
      'lot of words in it,',
      'really many words indeed.',
    ]);
  });

  it('polishes a script and writes a short one out around its topic', async () => {
    const writer = new LocalWriter();
    const cats = await writer.rewrite('so basically cats are are great');
    expect(cats).toContain(' So cats are great. ');
    expect(sentencesOf(cats).length).toBeGreaterThanOrEqual(4);
    expect(cats.match(/\bcats\b/g)!.length).toBeGreaterThanOrEqual(3);
    expect(await writer.rewrite('so basically cats are are great')).toBe(cats);
    const dogs = await writer.rewrite('My dog loves the beach.');
    expect(dogs).toMatch(/my dog/i);
    expect(dogs).not.toBe(cats.replaceAll('cats', 'my dog'));
    const long = 'The river runs to the sea. '.repeat(6).trim();
    expect(await writer.rewrite(long)).toBe(long);
  });

  it('writes different, on-topic scripts for different ideas', async () => {
    const writer = new LocalWriter();
    const ideas = {
      'How bees make honey': /\bbees\b/g,
      'The history of the Roman Empire': /\bRoman Empire\b/g,
      'Cooking the perfect pizza at home': /\bpizza\b/g,
      'A grandmother who bakes bread': /\bgrandmother\b/g,
      'The future of electric cars': /\belectric cars\b/g,
      'Visiting Tokyo in spring': /\bTokyo\b/g,
    };
    const scripts = await Promise.all(Object.keys(ideas).map((idea) => writer.ideaToScript(idea)));
    Object.values(ideas).forEach((topic, i) => {
      expect(scripts[i]!.match(topic)?.length ?? 0, scripts[i]).toBeGreaterThanOrEqual(3);
      expect(sentencesOf(scripts[i]!).length).toBeGreaterThanOrEqual(6);
    });
    // No two scripts share a sentence frame: with the topic words taken out, sentences differ.
    const frames = scripts.map(
      (script, i) => new Set(sentencesOf(script.replace(Object.values(ideas)[i]!, 'X'))),
    );
    for (let i = 0; i < frames.length; i++)
      for (let j = i + 1; j < frames.length; j++) {
        const shared = [...frames[i]!].filter((s) => frames[j]!.has(s));
        expect(shared.length, shared.join(' | ')).toBeLessThanOrEqual(1);
      }
    expect(await writer.ideaToScript('How bees make honey')).toBe(scripts[0]);
  });

  it('storyboards a written idea into shots whose prompts the illustrator can draw', async () => {
    const writer = new LocalWriter();
    const script = await writer.ideaToScript('How bees make honey');
    const shots = await writer.storyboard({ script, style });
    for (const shot of shots)
      expect(planScene(shot.image_prompt).subjects.length).toBeGreaterThan(0);
    expect(shots[0]!.image_prompt).toMatch(/^Establishing wide shot of .*bees? making honey/);
  });

  it('writes whole prompts: no word taken for a noun that is none, no object cut short', async () => {
    const writer = new LocalWriter();
    const [office] = await writer.storyboard({
      script: 'Here in an office, the team meets.',
      style,
    });
    expect(office!.image_prompt).not.toMatch(/\ba here\b/);
    expect(office!.image_prompt).toMatch(/ in an office, 16-bit pixel art\./);
    const [bicycle] = await writer.storyboard({
      script: 'A bicycle facing its owner waits at a market.',
      style,
    });
    expect(bicycle!.image_prompt).toBe(
      'Establishing wide shot of a bicycle facing its owner at a market, 16-bit pixel art. Avoid: blur.',
    );
  });

  it('titles a story with a whole phrase of its first sentence', () => {
    expect(
      titleFromText('A red lighthouse stands on a rocky cliff above the grey sea at dawn.', 'x'),
    ).toBe('A red lighthouse stands on a rocky cliff');
    expect(titleFromText('Bees make honey. They work all summer.', 'x')).toBe('Bees make honey');
    expect(titleFromText('  ', 'My Story')).toBe('My Story');
  });

  it('never makes a correct script worse when rewriting it', async () => {
    const writer = new LocalWriter();
    const fox = 'The fox explores a snowy forest as the day begins.';
    const rewritten = await writer.rewrite(fox);
    expect(rewritten).toContain(fox);
    expect(rewritten).not.toMatch(/\ba snowy as\b/);
    // Questions with "kind of" and "you know" are the user's words, kept as written.
    const questions = 'What kind of dog is that? Do you know the way?';
    expect(await writer.rewrite(questions)).toContain(questions);
    // Fillers that open a clause go, with their commas; the sentence stays English.
    expect(await writer.rewrite('Basically, the red fox is, basically, quick.')).toContain(
      ' The red fox is quick. ',
    );
  });

  it('adds to an idea only words of the templates', async () => {
    const idea = 'How bees make honey';
    const script = await new LocalWriter().ideaToScript(idea);
    const own = new Set(wordsOf(idea).map((w) => w.toLowerCase()));
    expect(
      wordsOf(script)
        .map((w) => w.toLowerCase())
        .filter((w) => !own.has(w) && !TEMPLATE_WORDS.has(w)),
    ).toEqual([]);
    // The idea's own sentence is said as the user wrote it.
    expect(sentencesOf(script)).toContain('Bees make honey.');
  });
});
