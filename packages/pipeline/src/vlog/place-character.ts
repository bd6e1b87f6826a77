import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * The character's own reference picture placed as the subject of a drawn scene: standing on
 * the bottom edge in the left or right third (alternating by shot, so cuts feel like a vlog),
 * 70 % of the picture's height, its colours untouched. A picture with opaque corners (a photo)
 * is framed as a cut-out card with a white border; a transparent one stands as it is. Both get
 * a soft contact shadow. Returns a JPEG.
 */
export async function placeCharacter(input: {
  scene: Buffer;
  reference: Buffer;
  width: number;
  height: number;
  /** The shot's index: even shots put the character on the left. */
  index: number;
}): Promise<Buffer> {
  const { width: w, height: h } = input;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(input.scene), 0, 0, w, h);
  const picture = await loadImage(input.reference);
  const u = Math.min(w, h);
  let ih = h * 0.7;
  let iw = ih * (picture.width / picture.height);
  // A wide picture must still fit in half of the frame.
  if (iw > w * 0.5) {
    iw = w * 0.5;
    ih = iw * (picture.height / picture.width);
  }
  const cx = input.index % 2 === 0 ? w * 0.3 : w * 0.7;
  const x = Math.round(cx - iw / 2);
  const y = Math.round(h - ih - u * 0.04);
  const probe = createCanvas(1, 1).getContext('2d');
  probe.drawImage(picture, 0, 0, 1, 1, 0, 0, 1, 1);
  const opaque = probe.getImageData(0, 0, 1, 1).data[3]! > 200;
  ctx.save();
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.beginPath();
  ctx.ellipse(cx, y + ih, iw * 0.45, u * 0.03, 0, 0, Math.PI * 2);
  ctx.fill();
  if (opaque) {
    const border = u * 0.012;
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = u * 0.03;
    ctx.shadowOffsetY = u * 0.01;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(x - border, y - border, iw + border * 2, ih + border * 2, u * 0.03);
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.beginPath();
    ctx.roundRect(x, y, iw, ih, u * 0.02);
    ctx.clip();
  }
  ctx.drawImage(picture, x, y, iw, ih);
  ctx.restore();
  return canvas.toBuffer('image/jpeg', 92);
}
