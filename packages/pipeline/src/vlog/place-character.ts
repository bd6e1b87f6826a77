import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cutOut } from '../providers/local/illustration/cut-out';

/**
 * The character placed inside a drawn scene as its subject: the reference picture cut out of
 * its background (its PNG alpha, else colour segmentation from its border), standing on the
 * scene's ground in the left or right third (alternating by shot, so cuts feel like a vlog),
 * facing the frame's centre, whole inside the safe area, with a soft contact shadow; never a
 * framed card. Returns the JPEG and where the character stands (fractions of the frame), so a
 * caption can keep off it.
 */
export async function placeCharacter(input: {
  scene: Buffer;
  reference: Buffer;
  width: number;
  height: number;
  /** The shot's index: even shots put the character on the left. */
  index: number;
}): Promise<{ bytes: Buffer; box: { x: number; y: number; w: number; h: number } }> {
  const { width: w, height: h } = input;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(input.scene), 0, 0, w, h);
  const figure = cutOut(await loadImage(input.reference));
  const u = Math.min(w, h);
  const margin = u * 0.05;
  let ih = h * 0.66;
  let iw = ih * (figure.width / figure.height);
  // A wide figure still fits in 45 % of the frame.
  if (iw > w * 0.45) {
    iw = w * 0.45;
    ih = iw * (figure.height / figure.width);
  }
  const left = input.index % 2 === 0;
  const cx = Math.min(Math.max(left ? w * 0.3 : w * 0.7, margin + iw / 2), w - margin - iw / 2);
  const x = Math.round(cx - iw / 2);
  const feet = h - margin;
  const y = Math.round(feet - ih);
  // Soft contact shadow on the ground under the feet.
  ctx.save();
  ctx.filter = `blur(${Math.max(2, Math.round(u * 0.012))}px)`;
  ctx.fillStyle = 'rgba(0,0,0,0.32)';
  ctx.beginPath();
  ctx.ellipse(cx, feet, iw * 0.42, u * 0.025, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // A faint cast shadow behind the figure, from light at the upper left.
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.28)';
  ctx.shadowBlur = u * 0.02;
  ctx.shadowOffsetX = u * 0.008;
  ctx.shadowOffsetY = u * 0.006;
  // On the right of the frame the figure is mirrored to face the centre.
  if (!left) {
    ctx.translate(x + iw, y);
    ctx.scale(-1, 1);
    ctx.drawImage(figure, 0, 0, iw, ih);
  } else ctx.drawImage(figure, x, y, iw, ih);
  ctx.restore();
  return {
    bytes: canvas.toBuffer('image/jpeg', 92),
    box: { x: x / w, y: y / h, w: iw / w, h: ih / h },
  };
}
