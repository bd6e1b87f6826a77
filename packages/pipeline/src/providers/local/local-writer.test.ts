import { describe, expect, it } from 'vitest';
import {
  groupIntoShots,
  keywordsOf,
  LocalWriter,
  MAX_SHOTS,
  phrasesOf,
  wordsOf,
} from './local-writer';

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

  it('makes prompts from the shot words and the style, and is deterministic', async () => {
    const writer = new LocalWriter();
    const input = { script: 'A puma walks through the misty forest at dawn.', style };
    const [shot] = await writer.storyboard(input);
    expect(shot!.keywords).toEqual(['puma', 'walks', 'misty', 'forest', 'dawn']);
    expect(shot!.image_prompt).toContain('16-bit pixel art');
    expect(shot!.image_prompt).toContain('Avoid: blur');
    expect(await writer.storyboard(input)).toEqual(await writer.storyboard(input));
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

  it('polishes a script and lengthens a short one', async () => {
    const writer = new LocalWriter();
    expect(await writer.rewrite('so basically cats are are great')).toMatch(
      /^Let's take a closer look at cats\. So cats are great\. /,
    );
    const long = 'The river runs to the sea. '.repeat(6).trim();
    expect(await writer.rewrite(long)).toBe(long);
  });

  it('writes a script from an idea', async () => {
    const script = await new LocalWriter().ideaToScript('How bees make honey');
    expect(script).toContain('How bees make honey');
    expect(keywordsOf(script).length).toBeGreaterThan(2);
  });
});
