import { STYLE_GRID } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { planScene } from './illustration/scene-plan';
import { LocalIllustrator } from './local-illustrator';

const icons = (prompt: string) => planScene(prompt).subjects.map((s) => s.icon);

describe('the local illustrator reads scenes', () => {
  it('draws a compound as a whole and a head noun as itself, never a word sharing letters', () => {
    expect(icons('A red fire engine races down the street.')[0]).toBe('fire-engine');
    expect(icons('The mechanic repairs a car engine in the garage.')).not.toContain('fire-engine');
    const bridge = icons('An old stone bridge crosses the river.');
    expect(bridge).toContain('bridge-at-night');
    expect(bridge).not.toContain('curling-stone');
    expect(icons('A hot air balloon drifts over the valley.')).not.toContain('balloon');
    // The first test loads the language model and WordNet.
  }, 30_000);

  it('draws a subject the icon set lacks as its nearest WordNet kind', () => {
    const [main] = planScene('A submarine glides through the deep sea.').subjects;
    expect(main).toMatchObject({ icon: 'ship', standsFor: 'submarine' });
    expect(planScene('A violinist plays on an empty street.').subjects[0]?.standsFor).toBe(
      'violinist',
    );
  });

  it('reads the setting and time of each sentence on its own', () => {
    expect(planScene('A helicopter flies over the city at night.')).toMatchObject({
      setting: 'city',
      time: 'night',
    });
    expect(planScene('A canoe floats on a calm river.')).toMatchObject({
      setting: 'lake',
      time: 'day',
    });
  });

  it('keeps the main subject whole inside the safe area and reports where it is', async () => {
    const illustrator = new LocalIllustrator();
    for (const prompt of [
      'Close-up of an old man reading a book by the fireplace',
      'A giraffe walks across the savanna',
      'An owl sits on a branch in the moonlit forest.',
    ]) {
      const { drawn } = await illustrator.generate({
        prompt,
        keywords: [],
        style: STYLE_GRID.find((s) => s.value === 'animation')!,
        width: 320,
        height: 180,
        seed: 'safe',
      });
      const box = drawn.subjectBox!;
      expect(box.x, prompt).toBeGreaterThanOrEqual(0.02);
      expect(box.y, prompt).toBeGreaterThanOrEqual(0.02);
      expect(box.x + box.w, prompt).toBeLessThanOrEqual(0.98);
      expect(box.y + box.h, prompt).toBeLessThanOrEqual(1.05);
    }
  }, 30_000);
});
