import { drawBrandLogoOverlay, drawLogoCard, drawWatermark } from './brand';
import { drawCaption, layoutCaption } from './caption-layout';
import type { FrameState, TimelineComposition } from './composition';
import { measureWith, type DrawingContext } from './drawing-context';
import { drawFailedPlaceholder, drawFailureOverlay } from './failure';
import { itemProgressAt } from './item-timing';

/**
 * Draws everything of a frame that is not the media itself, in order: the logo card or the
 * failed placeholder (which replace the picture), the failure card, the captions, the branded
 * intro/outro logo and the watermark. The player draws the video or image (with `state.visual.motion`) first.
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
  drawBrandLogoOverlay(ctx, frameWidth, frameHeight, state.brandLogoOpacity);
  if (state.watermark) drawWatermark(ctx, frameWidth, frameHeight);
}
