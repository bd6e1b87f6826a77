import { drawBrandLogoOverlay, drawLogoCard, drawWatermark } from './brand';
import { drawCaption, layoutCaption } from './caption-layout';
import type { FrameState, TimelineComposition } from './composition';
import { measureWith, type DrawingContext } from './drawing-context';
import { drawFailedPlaceholder, drawFailureOverlay } from './failure';
import { itemProgressAt } from './item-timing';

/**
 * Draws everything of a frame that is not the media itself, in order: the logo card or the
 * failed placeholder (which replace the picture), the failure card, the branded intro/outro logo,
 * the captions and the watermark. The player draws the video or image (with `state.visual.motion`) first.
 */
export function drawFrameOverlays(
  ctx: DrawingContext,
  composition: TimelineComposition,
  state: FrameState,
  frameWidth: number,
  frameHeight: number,
): void {
  const visual = state.visual;
  if (visual?.entry.kind === 'logo') {
    drawLogoCard(ctx, frameWidth, frameHeight, itemProgressAt(visual.entry.window, state.frame));
  } else if (visual?.entry.kind === 'placeholder') {
    drawFailedPlaceholder(ctx, frameWidth, frameHeight);
  }
  if (visual?.entry.failure) drawFailureOverlay(ctx, frameWidth, frameHeight, visual.entry.failure);
  // Under the captions, so the words stay readable through the intro and outro.
  drawBrandLogoOverlay(ctx, frameWidth, frameHeight, state.brandLogoOpacity);
  const measure = measureWith(ctx);
  for (const caption of state.captions) {
    drawCaption(
      ctx,
      layoutCaption({
        text: caption.text,
        globalStyle: composition.globalCaptionStyle,
        itemStyle: caption.itemStyle,
        frameWidth,
        frameHeight,
        measure,
      }),
    );
  }
  if (state.watermark) drawWatermark(ctx, frameWidth, frameHeight);
}
