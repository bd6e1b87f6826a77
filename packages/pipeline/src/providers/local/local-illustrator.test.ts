import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { STYLE_GRID } from '@storyloom/core';
import { hasIcon } from './illustration/emoji-icons';
import { FIDELITY_PROMPTS } from './illustration/fidelity-prompts';
import { ACTIVITIES, GROUPS, planScene, SYNONYMS } from './illustration/scene-plan';
import { STYLE_LOOKS } from './illustration/style-looks';
import { LocalIllustrator } from './local-illustrator';

const illustrator = new LocalIllustrator();
const styleOf = (value: string) => STYLE_GRID.find((s) => s.value === value)!;
const draw = (prompt: string, style = 'animation', extra: { characterImage?: Buffer } = {}) =>
  illustrator.generate({
    prompt,
    keywords: [],
    style: styleOf(style),
    width: 320,
    height: 180,
    seed: 'shot-001',
    ...extra,
  });

async function pixels(bytes: Buffer, w = 64, h = 36): Promise<Uint8ClampedArray> {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(bytes), 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h).data;
}

/** Mean absolute difference of two pictures' RGB values, 0..255. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4)
    sum +=
      Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
  return sum / ((a.length / 4) * 3);
}

describe('the local illustrator', () => {
  it('draws the main subject of at least 34 of the 40 prompts', async () => {
    const misses: string[] = [];
    for (const { prompt, subject } of FIDELITY_PROMPTS) {
      const { drawn } = await draw(prompt);
      const main = drawn.subjects[0]?.icon ?? 'nothing';
      if (!subject.split('|').some((word) => main.includes(word)))
        misses.push(`${prompt} → ${main}`);
    }
    expect(FIDELITY_PROMPTS).toHaveLength(40);
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(6);
    // Forty pictures, and the language model and WordNet loaded once, on a shared machine.
  }, 30_000);

  it('records the setting, time of day, weather and the colour the prompt asks for', async () => {
    const street = await draw('a young woman with a red umbrella on a rainy Tokyo street at night');
    expect(street.drawn).toMatchObject({ setting: 'street', time: 'night', weather: 'rain' });
    expect(street.drawn.subjects.map((s) => s.icon)).toContain('umbrella');
    expect(street.drawn.subjects.find((s) => s.icon === 'umbrella')?.colour).toBe('#e53935');
    const kitchen = await draw('a grandmother bakes bread in a cosy kitchen');
    expect(kitchen.drawn).toMatchObject({ setting: 'kitchen', time: 'day', mood: 'warm' });
    expect(kitchen.drawn.subjects.map((s) => s.word)).toEqual(['grandmother', 'bread']);
  });

  it('reads shot roles, counts and groups from the prompt', () => {
    expect(planScene('Close-up of a cat').role).toBe('close-up');
    expect(planScene('Establishing wide shot of a village at dawn')).toMatchObject({
      role: 'establishing',
      setting: 'countryside',
      time: 'dawn',
    });
    expect(planScene('three ducks on a pond').subjects[0]).toMatchObject({
      icon: 'duck',
      count: 3,
    });
    expect(planScene('a family at the beach').subjects[0]?.companions).toEqual(['man', 'child']);
    expect(planScene('a man runs through the park').subjects[0]?.icon).toMatch(/^man-running/);
  });

  it('names only icons the set has in its synonyms, activities and groups', () => {
    const named = [...Object.values(SYNONYMS), ...Object.values(GROUPS).flat()];
    expect(named.filter((name) => !hasIcon(name))).toEqual([]);
    const people = ['woman', 'man', 'person'];
    for (const activity of new Set(Object.values(ACTIVITIES)))
      expect(people.some((p) => hasIcon(`${p}-${activity}`)) || hasIcon(activity), activity).toBe(
        true,
      );
  });

  it('draws the same picture for the same input, and another for another prompt', async () => {
    const a = await draw('a cat in a garden');
    expect(a.bytes.equals((await draw('a cat in a garden')).bytes)).toBe(true);
    const b = await draw('a rocket launch into space');
    expect(difference(await pixels(a.bytes), await pixels(b.bytes))).toBeGreaterThan(20);
  });

  it('gives every preset of the style grid its own treatment', async () => {
    const presets = STYLE_GRID.filter((s) => s.kind === 'preset').map((s) => s.value);
    expect(presets.every((value) => STYLE_LOOKS[value])).toBe(true);
    const prompt = 'a fox walks through the forest';
    const pictures = await Promise.all(
      presets.map(async (s) => pixels((await draw(prompt, s)).bytes)),
    );
    const close: string[] = [];
    for (let i = 0; i < presets.length; i++)
      for (let j = i + 1; j < presets.length; j++)
        if (difference(pictures[i]!, pictures[j]!) < 6) close.push(`${presets[i]} ~ ${presets[j]}`);
    expect(close).toEqual([]);
  });

  it('treats Auto Style by the scene and Custom text by the treatment it names', async () => {
    expect((await draw('a cosy cottage kitchen', 'auto')).drawn.style).toBe('ghibli');
    const custom = await illustrator.generate({
      prompt: 'a lighthouse by the sea',
      keywords: [],
      style: { value: 'custom', description: 'soft pencil sketch on cream paper', avoidTerms: '' },
      width: 160,
      height: 90,
      seed: 'shot-002',
    });
    expect(custom.drawn.style).toBe('sketch');
  });

  it("puts the character's picture in the shot in place of the prompt's person", async () => {
    const red = createCanvas(40, 60);
    const rctx = red.getContext('2d');
    rctx.fillStyle = '#ff0000';
    rctx.fillRect(0, 0, 40, 60);
    const { drawn, bytes } = await draw('a woman walks her dog in the park', 'animation', {
      characterImage: red.toBuffer('image/png'),
    });
    expect(drawn.subjects.map((s) => s.icon)).toEqual(['character-reference', 'dog']);
    const data = await pixels(bytes, 320, 180);
    const reddish = (x: number, y: number) => {
      const i = (y * 320 + x) * 4;
      return data[i]! > 180 && data[i + 1]! < 90 && data[i + 2]! < 90;
    };
    // The character stands at one third of the frame, framed from the bottom edge.
    expect(reddish(115, 140) || reddish(205, 140)).toBe(true);
  });
});
