import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import {
  drawBrandLogoOverlay,
  drawCaption,
  drawFailedPlaceholder,
  drawFailureOverlay,
  drawLogoLockup,
  drawWatermark,
  measureWith,
  type DrawingContext,
  type MeasureText,
} from '@storyloom/compose';
import { captionFontFiles, fallbackFontFiles } from './fonts';
import type { OverlayImage, Size } from './render-plan';

let registered = false;

/** Registers the 10 caption fonts (every weight) and their Noto fallbacks with the drawing library, once. */
export function registerCaptionFonts(): void {
  if (registered) return;
  for (const file of [...captionFontFiles(), ...fallbackFontFiles()])
    GlobalFonts.registerFromPath(file.path, file.family);
  registered = true;
}

const asDrawingContext = (ctx: SKRSContext2D) => ctx as unknown as DrawingContext;

/** A context for measuring text with the bundled fonts. */
export function measuringContext(): { ctx: DrawingContext; measure: MeasureText } {
  registerCaptionFonts();
  const ctx = asDrawingContext(createCanvas(16, 16).getContext('2d'));
  return { ctx, measure: measureWith(ctx) };
}

/**
 * Draws one overlay image with compose at its place in a frame of `frame` size, cropped to
 * its box, as PNG bytes.
 */
export function drawOverlayImage(image: OverlayImage, frame: Size): Buffer {
  registerCaptionFonts();
  const canvas = createCanvas(image.width, image.height);
  const ctx = asDrawingContext(canvas.getContext('2d'));
  ctx.translate(-image.x, -image.y);
  const drawing = image.drawing;
  switch (drawing.kind) {
    case 'caption':
      drawCaption(ctx, drawing.layout);
      break;
    case 'watermark':
      drawWatermark(ctx, frame.width, frame.height);
      break;
    case 'failure':
      drawFailureOverlay(ctx, frame.width, frame.height, drawing.text);
      break;
    case 'placeholder':
      drawFailedPlaceholder(ctx, frame.width, frame.height);
      break;
    case 'logo':
      drawLogoLockup(ctx, frame.width, frame.height);
      break;
    case 'brandLogo':
      drawBrandLogoOverlay(ctx, frame.width, frame.height, drawing.opacity);
      break;
  }
  return canvas.toBuffer('image/png');
}

/**
 * Overlay pictures already drawn, by what they show: a drawing depends only on the overlay,
 * its box and the frame size, so the parts of one export, its join and a later export of the
 * same story (say without the watermark) draw each picture once. Bounded in bytes, oldest out.
 */
const drawn = new Map<string, Buffer>();
let drawnBytes = 0;
const DRAWN_MAX_BYTES = 64 * 1024 * 1024;

function drawnOverlayImage(image: OverlayImage, frame: Size): { png: Buffer; fresh: boolean } {
  const { id: _id, ...shown } = image;
  const key = JSON.stringify([shown, frame.width, frame.height]);
  const known = drawn.get(key);
  if (known) {
    drawn.delete(key); // most recently used last
    drawn.set(key, known);
    return { png: known, fresh: false };
  }
  const png = drawOverlayImage(image, frame);
  drawn.set(key, png);
  drawnBytes += png.length;
  for (const [oldKey, old] of drawn) {
    if (drawnBytes <= DRAWN_MAX_BYTES) break;
    drawn.delete(oldKey);
    drawnBytes -= old.length;
  }
  return { png, fresh: true };
}

/**
 * Writes every overlay image of a plan into `dir` (each drawn once per process, see `drawn`);
 * returns the file of each image id and how many pictures were drawn rather than reused.
 */
export async function writeOverlayImages(
  images: readonly OverlayImage[],
  frame: Size,
  dir: string,
): Promise<{ files: Map<string, string>; drawn: number }> {
  const files = new Map<string, string>();
  let count = 0;
  for (const image of images) {
    const file = path.join(dir, `${image.id}.png`);
    const { png, fresh } = drawnOverlayImage(image, frame);
    if (fresh) count++;
    await writeFile(file, png);
    files.set(image.id, file);
  }
  return { files, drawn: count };
}
