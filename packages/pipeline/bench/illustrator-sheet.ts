/**
 * `npm run sheet:illustrator`: draws 12 of the fidelity prompts at output size (1920×1080) and
 * lays them out with their prompt text in a contact sheet, then one prompt in every style of
 * the grid in a second sheet, for a person to judge. Prints milliseconds per picture against
 * the floor of the same work (encoding a picture of that size as JPEG).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { STYLE_GRID, styleLabel } from '@storyloom/core';
import { LocalIllustrator } from '../src/providers/local/local-illustrator';
import { FIDELITY_PROMPTS } from '../src/providers/local/illustration/fidelity-prompts';

const OUT_DIR = path.resolve(process.argv[2] ?? 'test-results');
const WIDTH = 1920;
const HEIGHT = 1080;
const SHEET_PROMPTS = [0, 1, 2, 3, 5, 7, 12, 13, 17, 19, 23, 36].map((i) => FIDELITY_PROMPTS[i]!);
const STYLE_PROMPT = 'a young woman with a red umbrella on a rainy Tokyo street at night';
/** A sunny outdoor scene: shows how each style treats the sky, the sun and an opaque subject. */
const DAY_STYLE_PROMPT = 'a girl reads a book under a tree in the park on a sunny day';

const illustrator = new LocalIllustrator();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function wrap(ctx: SKRSContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
}

async function sheet(
  file: string,
  cells: { caption: string; style: string; prompt: string }[],
  columns: number,
): Promise<number[]> {
  const cellW = 480;
  const cellH = 270;
  const captionH = 64;
  const rows = Math.ceil(cells.length / columns);
  const canvas = createCanvas(columns * (cellW + 16) + 16, rows * (cellH + captionH + 16) + 16);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f2ee';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const times: number[] = [];
  for (const [i, cell] of cells.entries()) {
    const started = performance.now();
    const media = await illustrator.generate({
      prompt: cell.prompt,
      keywords: [],
      style: STYLE_GRID.find((s) => s.value === cell.style)!,
      width: WIDTH,
      height: HEIGHT,
      seed: `shot-${String(i + 1).padStart(3, '0')}`,
    });
    times.push(performance.now() - started);
    const x = 16 + (i % columns) * (cellW + 16);
    const y = 16 + Math.floor(i / columns) * (cellH + captionH + 16);
    ctx.drawImage(await loadImage(media.bytes), x, y, cellW, cellH);
    ctx.fillStyle = '#222222';
    ctx.font = '15px "DejaVu Sans", sans-serif';
    wrap(ctx, cell.caption, cellW)
      .slice(0, 2)
      .forEach((line, k) => ctx.fillText(line, x, y + cellH + 20 + k * 18));
    ctx.fillStyle = '#777777';
    ctx.font = '12px "DejaVu Sans", sans-serif';
    const drawn = media.drawn;
    ctx.fillText(
      `${drawn.style} · ${drawn.subjects.map((s) => s.icon).join(', ') || 'no subject'} · ${drawn.setting}, ${drawn.time}${drawn.weather === 'clear' ? '' : `, ${drawn.weather}`}`.slice(
        0,
        80,
      ),
      x,
      y + cellH + 56,
    );
  }
  await writeFile(path.join(OUT_DIR, file), canvas.toBuffer('image/png'));
  return times;
}

await mkdir(OUT_DIR, { recursive: true });
// Warm up: the icon set, keywords and language model load once per process.
await illustrator.generate({
  prompt: 'a cat',
  keywords: [],
  style: STYLE_GRID[1]!,
  width: 64,
  height: 36,
  seed: 'warm-up',
});

const styles = ['photorealistic', 'animation', 'ghibli', 'watercolor', 'crayon', 'pixelart'];
const promptTimes = await sheet(
  'illustrator-sheet.png',
  SHEET_PROMPTS.map((p, i) => ({
    caption: p.prompt,
    prompt: p.prompt,
    style: styles[i % styles.length]!,
  })),
  4,
);
const styleTimes = await sheet(
  'illustrator-styles.png',
  STYLE_GRID.map((s) => ({
    caption: `${styleLabel(s, illustrator.name)}: ${STYLE_PROMPT}`,
    prompt: STYLE_PROMPT,
    style: s.value,
  })),
  5,
);
const dayStyleTimes = await sheet(
  'illustrator-styles-day.png',
  STYLE_GRID.map((s) => ({
    caption: `${styleLabel(s, illustrator.name)}: ${DAY_STYLE_PROMPT}`,
    prompt: DAY_STYLE_PROMPT,
    style: s.value,
  })),
  5,
);

const floorCanvas = createCanvas(WIDTH, HEIGHT);
floorCanvas.getContext('2d').fillRect(0, 0, WIDTH, HEIGHT);
const floorTimes = Array.from({ length: 5 }, () => {
  const started = performance.now();
  floorCanvas.toBuffer('image/jpeg', 90);
  return performance.now() - started;
});
const all = [...promptTimes, ...styleTimes, ...dayStyleTimes];
console.log(`pictures: ${all.length} at ${WIDTH}×${HEIGHT}`);
console.log(`ms per picture: median ${median(all).toFixed(0)}, max ${Math.max(...all).toFixed(0)}`);
console.log(
  `floor (JPEG encode of one picture): ${median(floorTimes).toFixed(0)} ms; ratio ${(median(all) / median(floorTimes)).toFixed(1)}×`,
);
console.log(
  `sheets: ${['illustrator-sheet.png', 'illustrator-styles.png', 'illustrator-styles-day.png'].map((f) => path.join(OUT_DIR, f)).join(', ')}`,
);
