/**
 * The part of the Canvas 2D API that compose draws with. A browser `CanvasRenderingContext2D`
 * and `@napi-rs/canvas`'s context both satisfy it, so the player and the exporter run the
 * same drawing code.
 */
export interface DrawingContext {
  font: string;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: string;
  textAlign: string;
  textBaseline: string;
  globalAlpha: number;
  letterSpacing: string;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arcTo(x1: number, y1: number, x2: number, y2: number, radius: number): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
}

/** Width of `text` drawn with a CSS font string and letter spacing in px. */
export type MeasureText = (font: string, letterSpacingPx: number, text: string) => number;

/** A MeasureText backed by a drawing context. */
export function measureWith(ctx: DrawingContext): MeasureText {
  return (font, letterSpacingPx, text) => {
    ctx.font = font;
    ctx.letterSpacing = `${letterSpacingPx}px`;
    return ctx.measureText(text).width;
  };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Traces a rounded rectangle (radius clamped to half the shorter side). */
export function roundedRectPath(ctx: DrawingContext, rect: Rect, radius: number): void {
  const r = Math.max(0, Math.min(radius, rect.width / 2, rect.height / 2));
  const { x, y, width: w, height: h } = rect;
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.arcTo(x + w, y, x + w, y + r, r);
  ctx.lineTo(x + w, y + h - r);
  ctx.arcTo(x + w, y + h, x + w - r, y + h, r);
  ctx.lineTo(x + r, y + h);
  ctx.arcTo(x, y + h, x, y + h - r, r);
  ctx.lineTo(x, y + r);
  ctx.arcTo(x, y, x + r, y, r);
  ctx.closePath();
}

/** Where a source of one size sits inside a frame when fitted whole (contain), centred. */
export function containRect(
  sourceWidth: number,
  sourceHeight: number,
  frameWidth: number,
  frameHeight: number,
): Rect {
  return scaledRect(sourceWidth, sourceHeight, frameWidth, frameHeight, Math.min);
}

/** The source scaled to fill the frame, centred (what is outside the frame is cut off). */
export function coverRect(
  sourceWidth: number,
  sourceHeight: number,
  frameWidth: number,
  frameHeight: number,
): Rect {
  return scaledRect(sourceWidth, sourceHeight, frameWidth, frameHeight, Math.max);
}

/** The source scaled by the smaller (contain) or larger (cover) frame ratio, centred. */
function scaledRect(
  sourceWidth: number,
  sourceHeight: number,
  frameWidth: number,
  frameHeight: number,
  pick: (a: number, b: number) => number,
): Rect {
  if (!(sourceWidth > 0) || !(sourceHeight > 0))
    return { x: 0, y: 0, width: frameWidth, height: frameHeight };
  const scale = pick(frameWidth / sourceWidth, frameHeight / sourceHeight);
  const width = sourceWidth * scale;
  const height = sourceHeight * scale;
  return { x: (frameWidth - width) / 2, y: (frameHeight - height) / 2, width, height };
}
