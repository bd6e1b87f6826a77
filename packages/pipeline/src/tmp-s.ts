import { writeFile } from 'node:fs/promises';
import { STYLE_GRID } from '@storyloom/core';
import { LocalIllustrator } from './providers/local/local-illustrator';
const il = new LocalIllustrator();
for (const style of ['crayon', 'watercolor']) {
  const m = await il.generate({ prompt: 'a girl reads a book under a tree in the park on a sunny day', keywords: [], style: STYLE_GRID.find((s) => s.value === style)!, width: 960, height: 540, seed: 's1' });
  const { loadImage, createCanvas } = await import('@napi-rs/canvas'); const c = createCanvas(960, 540); c.getContext('2d').drawImage(await loadImage(m.bytes), 0, 0); await writeFile(`/tmp/x/${style}.png`, c.toBuffer('image/png'));
}
