import {
  CAPTION_FALLBACK_FONTS,
  captionRenderSizing,
  DEFAULT_CAPTION_STYLE,
  type CaptionStyle,
  type CaptionStyleOverride,
  resolveCaptionStyle,
} from '@storyloom/core';
import {
  roundedRectPath,
  type DrawingContext,
  type MeasureText,
  type Rect,
} from './drawing-context';

/**
 * How a caption style (in the editor's px, relative to the default 22 px text) becomes pixels
 * in a frame. Spec 3 §9 fixes the default style's size, width and bottom offset per
 * orientation; other values scale in proportion, then the font size is clamped to the
 * orientation's range.
 */
export interface CaptionMetrics {
  fontSize: number;
  /** px per style px, for letter spacing, radius, stroke and shadow */
  scale: number;
  maxWidth: number;
  /** distance of the caption block's bottom edge from the frame's bottom, px */
  bottom: number;
}

export function captionMetrics(
  style: CaptionStyle,
  frameWidth: number,
  frameHeight: number,
): CaptionMetrics {
  const sizing = captionRenderSizing(frameWidth, frameHeight);
  const portrait = frameHeight > frameWidth;
  const [minFont, maxFont] = portrait ? [16, 48] : [24, 72];
  const scale = sizing.fontSize / DEFAULT_CAPTION_STYLE.fontSize;
  const fontSize = Math.min(maxFont, Math.max(minFont, style.fontSize * scale));
  const widthPercent = Math.min(
    100,
    style.maxWidth * (sizing.maxWidthPercent / DEFAULT_CAPTION_STYLE.maxWidth),
  );
  const bottomPercent = Math.min(
    100,
    style.height * (sizing.bottomPercent / DEFAULT_CAPTION_STYLE.height),
  );
  return {
    fontSize,
    scale: fontSize / style.fontSize,
    maxWidth: (frameWidth * widthPercent) / 100,
    bottom: (frameHeight * bottomPercent) / 100,
  };
}

const FALLBACKS = CAPTION_FALLBACK_FONTS.map((family) => `"${family}"`).join(', ');

/**
 * CSS font string of a caption style at a size (quoted families, as the Canvas API expects): the
 * caption font, then the bundled Noto fallbacks for scripts and emoji it lacks.
 */
export function captionFont(style: CaptionStyle, fontSize: number): string {
  return `${style.fontWeight} ${round2(fontSize)}px "${style.fontFamily}", ${FALLBACKS}`;
}

export interface CaptionLine {
  text: string;
  width: number;
  /** centre x and text baseline y, px */
  x: number;
  y: number;
}

export interface CaptionLayout {
  style: CaptionStyle;
  font: string;
  fontSize: number;
  letterSpacing: number;
  lineHeight: number;
  lines: CaptionLine[];
  /** the background box */
  box: Rect;
  radius: number;
  strokeWidth: number;
  shadow: { offset: number; blur: number } | null;
  /** everything the caption may paint (box, stroke, shadow), in whole even pixels */
  bounds: Rect;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const isTransparent = (rgba: string) => /,\s*(0|0?\.0+)\s*\)$/.test(rgba);

/**
 * Breaks caption text into lines: the text's own line breaks are kept (line-preserving wrap),
 * then each line is wrapped at spaces to fit maxWidth; a single word wider than maxWidth is
 * broken between characters.
 */
export function wrapCaptionText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string[] {
  const out: string[] = [];
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = rawLine.split(/[ \t]+/).filter((w) => w.length > 0);
    if (words.length === 0) {
      out.push('');
      continue;
    }
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current) out.push(current);
      current = '';
      if (measure(word) <= maxWidth) {
        current = word;
        continue;
      }
      for (const char of Array.from(word)) {
        if (current && measure(current + char) > maxWidth) {
          out.push(current);
          current = char;
        } else current += char;
      }
    }
    if (current) out.push(current);
  }
  // Blank lines at the edges would only move the caption; blank lines inside are kept.
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out;
}

const even = (value: number, direction: 'down' | 'up') =>
  direction === 'down' ? Math.floor(value / 2) * 2 : Math.ceil(value / 2) * 2;

/**
 * Lays a caption out in a frame: centred horizontally, its block's bottom edge `bottom` px
 * above the frame's bottom, lines `lineHeight` apart, inside a background box with padding.
 */
export function layoutCaption(options: {
  text: string;
  globalStyle?: CaptionStyleOverride | null | undefined;
  itemStyle?: CaptionStyleOverride | null | undefined;
  frameWidth: number;
  frameHeight: number;
  measure: MeasureText;
}): CaptionLayout {
  const { frameWidth, frameHeight, measure } = options;
  const style = resolveCaptionStyle(options.globalStyle, options.itemStyle);
  const metrics = captionMetrics(style, frameWidth, frameHeight);
  const font = captionFont(style, metrics.fontSize);
  const letterSpacing = round2(style.letterSpacing * metrics.scale);
  const padX = metrics.fontSize * 0.5;
  const padY = metrics.fontSize * 0.25;
  const textWidth = Math.max(1, metrics.maxWidth - 2 * padX);
  const texts = wrapCaptionText(options.text, textWidth, (t) => measure(font, letterSpacing, t));
  const lineHeight = metrics.fontSize * style.lineHeight;
  const widths = texts.map((t) => (t ? measure(font, letterSpacing, t) : 0));
  const blockWidth = Math.max(0, ...widths);
  const boxHeight = texts.length * lineHeight + 2 * padY;
  const boxBottom = frameHeight - metrics.bottom;
  const centerX = frameWidth / 2;
  const box: Rect = {
    x: centerX - blockWidth / 2 - padX,
    y: boxBottom - boxHeight,
    width: blockWidth + 2 * padX,
    height: boxHeight,
  };
  // Baseline of each line: centred in its line box, using ~0.35em as half the cap height.
  const lines = texts.map((t, i) => ({
    text: t,
    width: widths[i]!,
    x: centerX,
    y: box.y + padY + i * lineHeight + lineHeight / 2 + metrics.fontSize * 0.35,
  }));
  const strokeWidth =
    style.strokeColor && !isTransparent(style.strokeColor)
      ? Math.max(1, metrics.fontSize * 0.08)
      : 0;
  const shadow =
    style.shadowColor && !isTransparent(style.shadowColor)
      ? { offset: metrics.fontSize * 0.06, blur: metrics.fontSize * 0.15 }
      : null;
  const spread = strokeWidth + (shadow ? shadow.offset + shadow.blur * 2 : 0) + 2;
  const left = Math.max(0, even(box.x - spread, 'down'));
  const top = Math.max(0, even(box.y - spread, 'down'));
  const right = Math.min(even(frameWidth, 'down'), even(box.x + box.width + spread, 'up'));
  const bottom = Math.min(even(frameHeight, 'down'), even(box.y + box.height + spread, 'up'));
  return {
    style,
    font,
    fontSize: metrics.fontSize,
    letterSpacing,
    lineHeight,
    lines,
    box,
    radius: style.borderRadius * metrics.scale,
    strokeWidth,
    shadow,
    bounds: {
      x: left,
      y: top,
      width: Math.max(2, right - left),
      height: Math.max(2, bottom - top),
    },
  };
}

/** Draws a laid-out caption: background box, then shadow, stroke and fill of each line. */
export function drawCaption(ctx: DrawingContext, layout: CaptionLayout): void {
  const { style } = layout;
  ctx.save();
  if (!isTransparent(style.backgroundColor) && layout.lines.length > 0) {
    ctx.fillStyle = style.backgroundColor;
    roundedRectPath(ctx, layout.box, layout.radius);
    ctx.fill();
  }
  ctx.font = layout.font;
  ctx.letterSpacing = `${layout.letterSpacing}px`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  for (const line of layout.lines) {
    if (!line.text) continue;
    if (layout.shadow && style.shadowColor) {
      ctx.save();
      ctx.shadowColor = style.shadowColor;
      ctx.shadowBlur = layout.shadow.blur;
      ctx.shadowOffsetX = layout.shadow.offset;
      ctx.shadowOffsetY = layout.shadow.offset;
      ctx.fillStyle = style.color;
      ctx.fillText(line.text, line.x, line.y);
      ctx.restore();
    }
    if (layout.strokeWidth > 0 && style.strokeColor) {
      ctx.strokeStyle = style.strokeColor;
      ctx.lineWidth = layout.strokeWidth * 2;
      ctx.strokeText(line.text, line.x, line.y);
    }
    ctx.fillStyle = style.color;
    ctx.fillText(line.text, line.x, line.y);
  }
  ctx.restore();
}

/** A key equal for two captions that draw the same pixels (same text and resolved style). */
export function captionDrawingKey(layout: CaptionLayout): string {
  return JSON.stringify([layout.lines, layout.style, layout.font, layout.bounds]);
}
