import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { layoutCaption, type CaptionLayout } from '@storyloom/compose';
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
    { name: 'emoji', text: 'Party time 🎉🚀', font: '"Inter", "Noto Emoji"' },
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
