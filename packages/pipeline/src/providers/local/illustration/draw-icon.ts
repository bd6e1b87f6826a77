import type { SKRSContext2D } from '@napi-rs/canvas';
import { ICON_BOX, iconShapes } from './emoji-icons';

/**
 * Draws an icon of the set standing on (x, bottom), `size` pixels tall, optionally mirrored
 * and faded; `colour` maps each fill colour (a background tint, a silhouette).
 */
export function drawIcon(
  ctx: SKRSContext2D,
  name: string,
  x: number,
  bottom: number,
  size: number,
  options: { flip?: boolean; alpha?: number; colour?: (fill: string) => string } = {},
): void {
  const scale = size / ICON_BOX;
  ctx.save();
  ctx.translate(x, bottom - size);
  ctx.scale(options.flip ? -scale : scale, scale);
  ctx.translate(-ICON_BOX / 2, 0);
  const alpha = options.alpha ?? 1;
  for (const shape of iconShapes(name)) {
    const colour = options.colour ? options.colour(shape.fill) : shape.fill;
    ctx.globalAlpha = alpha * shape.opacity;
    if (shape.strokeWidth !== undefined) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = shape.strokeWidth;
      ctx.lineCap = 'round';
      ctx.stroke(shape.path);
    } else {
      ctx.fillStyle = colour;
      ctx.fill(shape.path, shape.rule);
    }
  }
  ctx.restore();
}
