import { roundedRectPath, type DrawingContext, type Rect } from './drawing-context';

/** The product's name as drawn in the watermark and the logo card. */
export const BRAND_NAME = 'Storyloom';
/** Background of the logo intro/outro card. */
export const BRAND_BACKGROUND = 'rgba(17, 12, 38, 1.00)';
export const BRAND_ACCENT = 'rgba(139, 92, 246, 1.00)';
/** Font of the watermark, the logo card and the failure texts (bundled, like the captions'). */
export const BRAND_FONT_FAMILY = 'Inter';

/**
 * The Storyloom mark in a size × size square: a rounded tile in the accent colour with three
 * woven threads and a play triangle.
 */
export function drawBrandMark(ctx: DrawingContext, x: number, y: number, size: number): void {
  ctx.save();
  ctx.fillStyle = BRAND_ACCENT;
  roundedRectPath(ctx, { x, y, width: size, height: size }, size * 0.24);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.lineWidth = Math.max(1, size * 0.06);
  for (let i = 1; i <= 3; i++) {
    const ty = y + (size * i) / 4;
    ctx.beginPath();
    ctx.moveTo(x + size * 0.16, ty);
    ctx.lineTo(x + size * 0.84, ty);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 1.00)';
  ctx.beginPath();
  ctx.moveTo(x + size * 0.38, y + size * 0.28);
  ctx.lineTo(x + size * 0.74, y + size * 0.5);
  ctx.lineTo(x + size * 0.38, y + size * 0.72);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** The mark followed by the name, drawn at (x, y) with a text height of `size` px. */
function drawLockup(
  ctx: DrawingContext,
  x: number,
  y: number,
  size: number,
  textColor: string,
): void {
  drawBrandMark(ctx, x, y, size * 1.3);
  ctx.font = `800 ${size}px "${BRAND_FONT_FAMILY}"`;
  ctx.letterSpacing = '0px';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = textColor;
  ctx.fillText(BRAND_NAME, x + size * 1.65, y + size * 1.03);
}

function lockupWidth(ctx: DrawingContext, size: number): number {
  ctx.font = `800 ${size}px "${BRAND_FONT_FAMILY}"`;
  ctx.letterSpacing = '0px';
  return size * 1.65 + ctx.measureText(BRAND_NAME).width;
}

// ---- Watermark ----

export type FramePurpose = 'editor-preview' | 'export';

/**
 * Whether the watermark shows: never in the editor preview; in an export when the timeline's
 * watermark is enabled (the default) and the export does not remove it.
 */
export function isWatermarkVisible(options: {
  purpose: FramePurpose;
  enabled: boolean | undefined;
  removeWatermark?: boolean | undefined;
}): boolean {
  if (options.purpose === 'editor-preview') return false;
  return (options.enabled ?? true) && !options.removeWatermark;
}

/** Text height of the watermark: 3.2% of the frame's shorter side. */
export function watermarkTextSize(frameWidth: number, frameHeight: number): number {
  return Math.round(Math.min(frameWidth, frameHeight) * 0.032);
}

/**
 * The watermark's box: top-right corner, a margin of one text height from the edges (the
 * bottom belongs to captions). Whole even pixels, so the exporter can crop to it.
 */
export function watermarkRect(ctx: DrawingContext, frameWidth: number, frameHeight: number): Rect {
  const size = watermarkTextSize(frameWidth, frameHeight);
  const width = Math.ceil((lockupWidth(ctx, size) + size) / 2) * 2;
  const height = Math.ceil((size * 1.3 + size) / 2) * 2;
  const margin = Math.round(size / 2) * 2;
  return { x: frameWidth - margin - width, y: margin, width, height };
}

/** Draws the watermark in its box (translate the context to draw it into a cropped image). */
export function drawWatermark(ctx: DrawingContext, frameWidth: number, frameHeight: number): void {
  const size = watermarkTextSize(frameWidth, frameHeight);
  const rect = watermarkRect(ctx, frameWidth, frameHeight);
  ctx.save();
  ctx.globalAlpha = 0.8;
  ctx.shadowColor = 'rgba(0, 0, 0, 0.45)';
  ctx.shadowBlur = size * 0.2;
  drawLockup(ctx, rect.x + size / 2, rect.y + size / 2, size, 'rgba(255, 255, 255, 1.00)');
  ctx.restore();
}

// ---- Logo intro / outro ----

/**
 * Opacity of the logo on its card at a progress 0..1: fades in over the first quarter, holds,
 * fades out over the last quarter.
 */
export function logoOpacityAt(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return Math.min(1, p / 0.25, (1 - p) / 0.25);
}

/** Text height of the logo on its card: 7% of the frame's shorter side. */
export function logoTextSize(frameWidth: number, frameHeight: number): number {
  return Math.round(Math.min(frameWidth, frameHeight) * 0.07);
}

/** Draws the logo lockup centred, at full opacity, on a transparent canvas. */
export function drawLogoLockup(ctx: DrawingContext, frameWidth: number, frameHeight: number): void {
  const size = logoTextSize(frameWidth, frameHeight);
  const width = lockupWidth(ctx, size);
  ctx.save();
  drawLockup(
    ctx,
    (frameWidth - width) / 2,
    (frameHeight - size * 1.3) / 2,
    size,
    'rgba(255, 255, 255, 1.00)',
  );
  ctx.restore();
}

/** One frame of the logo intro/outro: the brand background and the lockup at its opacity. */
export function drawLogoCard(
  ctx: DrawingContext,
  frameWidth: number,
  frameHeight: number,
  progress: number,
): void {
  ctx.save();
  ctx.fillStyle = BRAND_BACKGROUND;
  ctx.fillRect(0, 0, frameWidth, frameHeight);
  ctx.globalAlpha = logoOpacityAt(progress);
  drawLogoLockup(ctx, frameWidth, frameHeight);
  ctx.restore();
}

// ---- Branded intro / outro over the story (spec 3 §2 "Composition in the player") ----

/** Steps of the intro/outro logo's opacity: the player and the exporter draw the same 17. */
export const BRAND_LOGO_OPACITY_STEPS = 16;

/**
 * The branded logo animation's windows over a story of `totalFrames`: an intro over its first
 * `logoFrames` (spec 3 §9: 1.5 s) and, when the story is long enough for both, an outro over
 * its last. The story's own frames do not move: the animation plays over them.
 */
export function brandLogoWindows(
  totalFrames: number,
  logoFrames: number,
): { startFrame: number; endFrame: number }[] {
  const length = Math.max(0, Math.min(Math.round(logoFrames), totalFrames));
  if (length === 0) return [];
  const intro = { startFrame: 0, endFrame: length };
  if (totalFrames < 2 * length) return [intro];
  return [intro, { startFrame: totalFrames - length, endFrame: totalFrames }];
}

/**
 * The logo's opacity at a progress 0..1 of its window, in whole steps of
 * 1/`BRAND_LOGO_OPACITY_STEPS` (the exporter draws one picture per step): it fades in over the
 * first quarter, holds, and fades out over the last quarter. 0 draws nothing.
 */
export function brandLogoOpacityAt(progress: number): number {
  return Math.round(logoOpacityAt(progress) * BRAND_LOGO_OPACITY_STEPS) / BRAND_LOGO_OPACITY_STEPS;
}

/**
 * One frame of the branded intro/outro over the picture: the brand colour veils it (at most
 * 60 %) and the logo lockup shows, both at `opacity`.
 */
export function drawBrandLogoOverlay(
  ctx: DrawingContext,
  frameWidth: number,
  frameHeight: number,
  opacity: number,
): void {
  if (!(opacity > 0)) return;
  ctx.save();
  ctx.globalAlpha = 0.6 * opacity;
  ctx.fillStyle = BRAND_BACKGROUND;
  ctx.fillRect(0, 0, frameWidth, frameHeight);
  ctx.globalAlpha = opacity;
  drawLogoLockup(ctx, frameWidth, frameHeight);
  ctx.restore();
}
