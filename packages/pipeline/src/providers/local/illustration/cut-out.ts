import { createCanvas, type Canvas, type Image } from '@napi-rs/canvas';

/**
 * A character's picture cut out of its background, cropped to the figure: an uploaded PNG
 * with transparency keeps its own alpha; an opaque picture (a photo, a drawing on a plain
 * ground) loses the background by colour segmentation from its border: every pixel joined to
 * the edge through pixels close in colour to the border's own colours is background. The edge
 * of the figure is softened by a pixel. Returns the figure on a transparent canvas.
 */
export function cutOut(picture: Image | Canvas, maxSide = 1024): Canvas {
  const scale = Math.min(1, maxSide / Math.max(picture.width, picture.height));
  const w = Math.max(1, Math.round(picture.width * scale));
  const h = Math.max(1, Math.round(picture.height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(picture, 0, 0, w, h);
  const image = ctx.getImageData(0, 0, w, h);
  const d = image.data;
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, x + (h - 1) * w);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  const transparent = border.filter((i) => d[i * 4 + 3]! < 200).length > border.length * 0.2;
  if (!transparent) {
    // The border's colours, a few clusters of them (a gradient or two-tone ground).
    const samples = border
      .filter((_, k) => k % 7 === 0)
      .map((i) => [d[i * 4]!, d[i * 4 + 1]!, d[i * 4 + 2]!]);
    const near = (i: number) => {
      const r = d[i * 4]!;
      const g = d[i * 4 + 1]!;
      const b = d[i * 4 + 2]!;
      return samples.some(
        ([sr, sg, sb]) => (r - sr!) ** 2 + (g - sg!) ** 2 + (b - sb!) ** 2 < 38 ** 2,
      );
    };
    const background = new Uint8Array(w * h);
    const stack = border.filter(near);
    for (const i of stack) background[i] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= w * h || background[j]) continue;
        if (near(j)) {
          background[j] = 1;
          stack.push(j);
        }
      }
    }
    // A figure that the segmentation would erase (a photo filled to its edges) stays whole.
    const kept = background.reduce((n, b) => n + (b ? 0 : 1), 0);
    if (kept > w * h * 0.05 && kept < w * h * 0.98)
      for (let i = 0; i < w * h; i++) {
        if (!background[i]) continue;
        // Soft edge: a background pixel touching the figure is half transparent.
        const x = i % w;
        const edge =
          (x > 0 && !background[i - 1]) ||
          (x < w - 1 && !background[i + 1]) ||
          (i >= w && !background[i - w]) ||
          (i + w < w * h && !background[i + w]);
        d[i * 4 + 3] = edge ? 110 : 0;
      }
    ctx.putImageData(image, 0, 0);
  }
  // Crop to the figure.
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (d[(y * w + x) * 4 + 3]! > 24) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < x0) return canvas;
  const cropped = createCanvas(x1 - x0 + 1, y1 - y0 + 1);
  cropped.getContext('2d').drawImage(canvas, -x0, -y0);
  return cropped;
}
