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

/** Draws every overlay image of a plan into `dir`; returns the file of each image id. */
export async function writeOverlayImages(
  images: readonly OverlayImage[],
  frame: Size,
  dir: string,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const image of images) {
    const file = path.join(dir, `${image.id}.png`);
    await writeFile(file, drawOverlayImage(image, frame));
    files.set(image.id, file);
  }
  return files;
}
