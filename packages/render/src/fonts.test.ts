import { readFileSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { browserFontBytes, fallbackFontFaceCss, fallbackFontFiles } from './fonts';
import { tableTags } from './sfnt';

/** The code points of one family's @font-face `unicode-range`s. */
function unicodeRange(css: string, family: string): (cp: number) => boolean {
  const ranges = [...css.matchAll(/font-family: '([^']+)';[^}]*unicode-range: ([^;]+);/g)]
    .filter((m) => m[1] === family)
    .flatMap((m) => m[2]!.split(','))
    .map((part) =>
      part
        .trim()
        .replace('U+', '')
        .split('-')
        .map((hex) => parseInt(hex, 16)),
    );
  expect(ranges.length).toBeGreaterThan(0);
  return (cp) => ranges.some(([from, to]) => cp >= from! && cp <= (to ?? from)!);
}

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!);

describe('the colour emoji font', () => {
  const emoji = fallbackFontFiles().filter((f) => f.family === 'Noto Color Emoji');

  it('is one file, served for every weight', () => {
    expect(emoji).toHaveLength(1);
    const css = fallbackFontFaceCss('/fonts/');
    expect(css).toContain("font-family: 'Noto Color Emoji'");
    expect(css).toMatch(/font-family: 'Noto Color Emoji';[^}]*font-weight: 100 900;/);
  });

  it('is fetched by the browser for emoji, not for digits, punctuation or other scripts', () => {
    const covers = unicodeRange(fallbackFontFaceCss('/fonts/'), 'Noto Color Emoji');
    // (U+20E3 makes a digit a keycap; U+E007F ends a subdivision flag.)
    for (const cp of [...codePoints('🎉🚀😀👍🏽❤☀✅⭐🇫🇷🤌🫶'), 0x20e3, 0xe007f])
      expect(covers(cp), `U+${cp.toString(16)}`).toBe(true);
    for (const cp of codePoints('Hello 123 #*, “don’t” — wait… ©®™‼ é ß 東京 مرحبا'))
      expect(covers(cp), `U+${cp.toString(16)}`).toBe(false);
  });

  it('reaches the browser without its SVG pictures, drawing the same colour glyphs', async () => {
    const file = emoji[0]!;
    const original = readFileSync(file.path);
    const web = await browserFontBytes(file);
    expect(tableTags(original)).toContain('SVG ');
    expect(tableTags(web)).not.toContain('SVG ');
    expect(tableTags(web).sort()).toEqual(
      tableTags(original)
        .filter((t) => t !== 'SVG ')
        .sort(),
    );
    expect(web.length).toBeLessThan(original.length / 3);
    // Both copies draw 🎉 pixel for pixel alike, in colour.
    GlobalFonts.register(web, 'Emoji as served');
    GlobalFonts.registerFromPath(file.path, 'Emoji as exported');
    const draw = (family: string) => {
      const ctx = createCanvas(80, 80).getContext('2d');
      ctx.font = `64px "${family}"`;
      ctx.fillText('🎉', 4, 66);
      return ctx.getImageData(0, 0, 80, 80).data;
    };
    const served = draw('Emoji as served');
    expect(Buffer.from(served).equals(Buffer.from(draw('Emoji as exported')))).toBe(true);
    let colour = 0;
    for (let i = 0; i < served.length; i += 4) {
      const [r, g, b] = [served[i]!, served[i + 1]!, served[i + 2]!];
      if (served[i + 3]! > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 80) colour++;
    }
    expect(colour).toBeGreaterThan(1000);
  });

  it('leaves the other fonts as they are for the browser', async () => {
    const sans = fallbackFontFiles().find((f) => f.family === 'Noto Sans')!;
    expect((await browserFontBytes(sans)).equals(readFileSync(sans.path))).toBe(true);
  });
});
