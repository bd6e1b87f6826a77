import { MESSAGES, type TimelineItem } from '@storyloom/core';
import { BRAND_FONT_FAMILY } from './brand';
import { roundedRectPath, type DrawingContext } from './drawing-context';
import { wrapCaptionText } from './caption-layout';

/** Background of the failed-generation placeholder clip. */
export const PLACEHOLDER_BACKGROUND = 'rgba(24, 24, 27, 1.00)';

export interface FailureOverlayText {
  title: string;
  message: string;
}

/**
 * The texts of a failure overlay (spec 3 §4, §8): the item's status message or 'Generation
 * Error', and its overlay message or the default failed-generation text.
 */
export function failureOverlayText(
  item: Pick<TimelineItem, 'statusMessage' | 'overlayConfig'>,
): FailureOverlayText {
  return {
    title: item.statusMessage?.trim() || MESSAGES.editor.failedShotStatus,
    message: item.overlayConfig?.message?.trim() || MESSAGES.editor.failedShotOverlay,
  };
}

/**
 * Whether an item is drawn with the failure overlay: overlay items (type error) and visual
 * items marked failed that still have media to show underneath.
 */
export function showsFailureOverlay(
  item: Pick<TimelineItem, 'type' | 'status' | 'overlayConfig'>,
  hasMedia: boolean,
): boolean {
  if (item.type === 'overlay') return true;
  return item.status === 'failed' && hasMedia;
}

/**
 * Whether an item stands for a shot with neither video nor image: a failed visual item with
 * no media, drawn as the 3-second placeholder ('Generation failed. No credit used.').
 */
export function isFailedPlaceholder(
  item: Pick<TimelineItem, 'type' | 'status'>,
  hasMedia: boolean,
): boolean {
  return !hasMedia && item.status === 'failed' && (item.type === 'video' || item.type === 'image');
}

function drawCentredText(
  ctx: DrawingContext,
  lines: string[],
  centreX: number,
  firstBaseline: number,
  lineHeight: number,
) {
  lines.forEach((line, i) => ctx.fillText(line, centreX, firstBaseline + i * lineHeight));
}

/**
 * The failure overlay over a whole frame: the picture darkened, and a card with the title and
 * the wrapped message in the middle.
 */
export function drawFailureOverlay(
  ctx: DrawingContext,
  frameWidth: number,
  frameHeight: number,
  text: FailureOverlayText,
): void {
  const unit = Math.min(frameWidth, frameHeight);
  const titleSize = Math.round(unit * 0.05);
  const bodySize = Math.round(unit * 0.032);
  const cardWidth = Math.min(frameWidth * 0.8, unit * 1.1);
  const pad = bodySize * 1.2;
  ctx.save();
  ctx.fillStyle = 'rgba(0, 0, 0, 0.55)';
  ctx.fillRect(0, 0, frameWidth, frameHeight);
  ctx.letterSpacing = '0px';
  ctx.font = `400 ${bodySize}px "${BRAND_FONT_FAMILY}"`;
  const bodyLines = wrapCaptionText(
    text.message,
    cardWidth - 2 * pad,
    (t) => ctx.measureText(t).width,
  );
  const bodyLineHeight = bodySize * 1.35;
  const cardHeight = pad * 2 + titleSize * 1.4 + bodyLines.length * bodyLineHeight;
  const cardX = (frameWidth - cardWidth) / 2;
  const cardY = (frameHeight - cardHeight) / 2;
  ctx.fillStyle = 'rgba(24, 24, 27, 0.92)';
  roundedRectPath(
    ctx,
    { x: cardX, y: cardY, width: cardWidth, height: cardHeight },
    bodySize * 0.8,
  );
  ctx.fill();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = 'rgba(248, 113, 113, 1.00)';
  ctx.font = `700 ${titleSize}px "${BRAND_FONT_FAMILY}"`;
  ctx.fillText(text.title, frameWidth / 2, cardY + pad + titleSize * 0.9);
  ctx.fillStyle = 'rgba(255, 255, 255, 1.00)';
  ctx.font = `400 ${bodySize}px "${BRAND_FONT_FAMILY}"`;
  drawCentredText(
    ctx,
    bodyLines,
    frameWidth / 2,
    cardY + pad + titleSize * 1.4 + bodySize * 0.95,
    bodyLineHeight,
  );
  ctx.restore();
}

/** The failed placeholder clip: an opaque dark frame with 'Generation failed. No credit used.' */
export function drawFailedPlaceholder(
  ctx: DrawingContext,
  frameWidth: number,
  frameHeight: number,
  text: string = MESSAGES.editor.failedPlaceholder,
): void {
  const size = Math.round(Math.min(frameWidth, frameHeight) * 0.045);
  ctx.save();
  ctx.fillStyle = PLACEHOLDER_BACKGROUND;
  ctx.fillRect(0, 0, frameWidth, frameHeight);
  ctx.letterSpacing = '0px';
  ctx.font = `600 ${size}px "${BRAND_FONT_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = 'rgba(228, 228, 231, 1.00)';
  const lines = wrapCaptionText(text, frameWidth * 0.8, (t) => ctx.measureText(t).width);
  drawCentredText(
    ctx,
    lines,
    frameWidth / 2,
    frameHeight / 2 - ((lines.length - 1) * size * 1.3) / 2 + size * 0.35,
    size * 1.3,
  );
  ctx.restore();
}
