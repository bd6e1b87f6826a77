import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { captionFont, layoutCaption, type CaptionLayout } from '@storyloom/compose';
import { drawOverlayImage, measuringContext } from './overlay-images';

const FRAME = { width: 1280, height: 720 };

/** A caption as the exporter draws it: compose's layout and drawing, as the PNG overlaid by ffmpeg. */
function exportedCaption(text: string): { layout: CaptionLayout; png: Buffer } {
  const { measure } = measuringContext();
  const layout = layoutCaption({
    text,
    frameWidth: FRAME.width,
    frameHeight: FRAME.height,
    measure,
  });
  const { x, y, width, height } = layout.bounds;
  const png = drawOverlayImage(
    { id: 'caption', drawing: { kind: 'caption', layout }, x, y, width, height },
    FRAME,
  );
  return { layout, png };
}

/** The same lines drawn directly with one font, at the same places (white fill only). */
function drawnWith(layout: CaptionLayout, family: string): Uint8ClampedArray {
  measuringContext(); // registers the bundled fonts
  const { x, y, width, height } = layout.bounds;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.translate(-x, -y);
  ctx.font = `${layout.style.fontWeight} ${layout.fontSize}px ${family}`;
  ctx.textAlign = 'center';
  ctx.fillStyle = layout.style.color;
  for (const line of layout.lines) ctx.fillText(line.text, line.x, line.y);
  return ctx.getImageData(0, 0, width, height).data;
}

/** The fill's alpha per pixel where the caption's own fill is drawn (white text pixels). */
async function textAlpha(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

/** Share of the reference's glyph ink that the drawing matches: 1 when they are the same glyphs. */
function inkAgreement(drawing: Uint8ClampedArray, reference: Uint8ClampedArray): number {
  let ink = 0;
  let matched = 0;
  for (let i = 0; i < reference.length; i += 4) {
    // White glyph pixels: bright and opaque (the stroke around them is dark).
    const refInk = reference[i + 3]! > 128;
    const drawnInk = drawing[i + 3]! > 128 && drawing[i]! > 200;
    if (refInk) ink++;
    if (refInk && drawnInk) matched++;
  }
  return ink === 0 ? 0 : matched / ink;
}

describe('captions in every language draw real glyphs in the export', () => {
  const cases = [
    { name: 'Japanese', text: '東京の夜景はきれいです', font: '"Noto Sans JP"' },
    { name: 'Arabic', text: 'مرحبا بالعالم', font: '"Noto Sans Arabic"' },
  ];
  for (const { name, text, font } of cases) {
    it(`draws ${name} with the bundled Noto glyphs, not missing-glyph boxes`, async () => {
      const { layout, png } = exportedCaption(text);
      const drawn = await textAlpha(png);
      // The exported caption covers the glyphs the Noto font draws...
      expect(inkAgreement(drawn, drawnWith(layout, font))).toBeGreaterThan(0.9);
      // ...and not what the caption font alone draws (its .notdef boxes) for these characters.
      expect(inkAgreement(drawnWith(layout, '"Inter"'), drawnWith(layout, font))).toBeLessThan(0.6);
    });
  }
});

/** Saturated (colourful, not grey) opaque pixels: the colour emoji's, never white text, its dark stroke or a box. */
function isColour(pixels: Uint8ClampedArray, i: number): boolean {
  const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
  return a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 80;
}

/** How many colour pixels lie inside and outside a box of the caption image (its own coordinates). */
function colourPixels(
  pixels: Uint8ClampedArray,
  width: number,
  box: { left: number; right: number; top: number; bottom: number },
) {
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (!isColour(pixels, i)) continue;
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) inside++;
    else outside++;
  }
  return { inside, outside };
}

/** Share of the reference's colour pixels that the drawing shows in about the same colour. */
function colourAgreement(drawing: Uint8ClampedArray, reference: Uint8ClampedArray): number {
  let colour = 0;
  let matched = 0;
  for (let i = 0; i < reference.length; i += 4) {
    if (!isColour(reference, i)) continue;
    colour++;
    const near = [0, 1, 2].every((c) => Math.abs(drawing[i + c]! - reference[i + c]!) <= 24);
    if (near && drawing[i + 3]! > 200) matched++;
  }
  return colour === 0 ? 0 : matched / colour;
}

describe('emoji in captions draw in colour in the export', () => {
  const before = 'Party time ';
  const emoji = '🎉🚀';

  it('draws the emoji with the colour emoji font, in colour, where the emoji are', async () => {
    const { layout, png } = exportedCaption(before + emoji);
    expect(layout.lines).toHaveLength(1);
    const drawn = await textAlpha(png);
    // The emoji's place on the line: after the words, up to the line's end.
    const { measure } = measuringContext();
    const line = layout.lines[0]!;
    const width = (text: string) => measure(layout.font, layout.letterSpacing, text);
    const left = line.x - width(line.text) / 2 - layout.bounds.x;
    const box = {
      left: Math.floor(left + width(before)),
      right: Math.ceil(left + width(line.text)),
      top: Math.floor(line.y - layout.fontSize * 1.1 - layout.bounds.y),
      bottom: Math.ceil(line.y + layout.fontSize * 0.4 - layout.bounds.y),
    };
    const { inside, outside } = colourPixels(drawn, layout.bounds.width, box);
    // Two emoji of about fontSize² each, mostly colour; nothing colourful elsewhere.
    expect(inside).toBeGreaterThan(layout.fontSize ** 2 * 0.5);
    expect(outside).toBe(0);
    // The same pixels as the colour font draws them by itself...
    const reference = drawnWith(layout, '"Inter", "Noto Color Emoji"');
    expect(colourAgreement(drawn, reference)).toBeGreaterThan(0.9);
    // ...which a monochrome emoji font or missing glyphs would not give.
    expect(colourAgreement(drawnWith(layout, '"Inter"'), reference)).toBeLessThan(0.1);
  });

  it('leaves a caption without emoji as the caption font alone draws it', async () => {
    const { layout, png } = exportedCaption('Party time tonight');
    const drawn = await textAlpha(png);
    const reference = drawnWith(layout, '"Inter"');
    // (0.98: the stroke darkens a few edge pixels the reference leaves white.)
    expect(inkAgreement(drawn, reference)).toBeGreaterThan(0.95);
    const nowhere = { left: 0, right: 0, top: 0, bottom: 0 };
    expect(colourPixels(drawn, layout.bounds.width, nowhere).outside).toBe(0);
    // The fallbacks do not change its width either.
    const { measure } = measuringContext();
    const alone = captionFont(layout.style, layout.fontSize).split(',')[0]!;
    expect(measure(layout.font, 0, layout.lines[0]!.text)).toBe(
      measure(alone, 0, layout.lines[0]!.text),
    );
  });
});
