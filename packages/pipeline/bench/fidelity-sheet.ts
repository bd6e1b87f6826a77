/**
 * `npm run sheet:fidelity`: draws the sixty review sentences of `fidelity-60.ts` (default
 * style, medium shots) into contact sheets of 12, each picture with its sentence and what the
 * illustrator read from it, for the picture-by-picture review in
 * docs/illustrator-fidelity-60.md. Usage: tsx bench/fidelity-sheet.ts [out-dir] [prefix]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { STYLE_GRID } from '@storyloom/core';
import { LocalIllustrator } from '../src/providers/local/local-illustrator';
import { FIDELITY_60 } from './fidelity-60';

const OUT_DIR = path.resolve(process.argv[2] ?? 'test-results');
const PREFIX = process.argv[3] ?? 'fidelity-60';
const PER_SHEET = 12;
const COLUMNS = 4;
const cellW = 480;
const cellH = 270;
const captionH = 52;

const illustrator = new LocalIllustrator();
await mkdir(OUT_DIR, { recursive: true });
for (let sheet = 0; sheet * PER_SHEET < FIDELITY_60.length; sheet++) {
  const cases = FIDELITY_60.slice(sheet * PER_SHEET, (sheet + 1) * PER_SHEET);
  const rows = Math.ceil(cases.length / COLUMNS);
  const canvas = createCanvas(COLUMNS * (cellW + 12) + 12, rows * (cellH + captionH + 12) + 12);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f2ee';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const [i, c] of cases.entries()) {
    const n = sheet * PER_SHEET + i + 1;
    const media = await illustrator.generate({
      prompt: c.sentence,
      keywords: [],
      style: STYLE_GRID.find((s) => s.value === 'photorealistic')!,
      width: 960,
      height: 540,
      seed: `fidelity-${n}`,
    });
    const x = 12 + (i % COLUMNS) * (cellW + 12);
    const y = 12 + Math.floor(i / COLUMNS) * (cellH + captionH + 12);
    ctx.drawImage(await loadImage(media.bytes), x, y, cellW, cellH);
    ctx.fillStyle = '#222222';
    ctx.font = '14px "DejaVu Sans", sans-serif';
    ctx.fillText(`${n}. ${c.sentence}`.slice(0, 66), x, y + cellH + 18);
    ctx.fillStyle = '#777777';
    ctx.font = '12px "DejaVu Sans", sans-serif';
    const d = media.drawn;
    ctx.fillText(
      `${d.subjects.map((s) => s.icon).join(', ') || 'no subject'} · ${d.setting}, ${d.time}`.slice(
        0,
        80,
      ),
      x,
      y + cellH + 38,
    );
  }
  const file = path.join(OUT_DIR, `${PREFIX}-${sheet + 1}.jpg`);
  await writeFile(file, canvas.toBuffer('image/jpeg', 82));
  console.log(file);
}
