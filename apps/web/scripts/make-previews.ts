/**
 * Makes the creation forms' preview media at build time, offline, with the product's own
 * local illustrator (`local-illustrator`) and ffmpeg:
 * - `styles/{value}.jpg`: one scene in each visual style of the style grid (spec 2 §3);
 * - `asmr/{Type}.jpg`: each ASMR style's scene (spec 2 §3 imageUrl);
 * - `music-video/{type}.mp4` and `.jpg`: the music-video chooser's hover clip and poster — three
 *   pictures of the type, each slowly zoomed, cross-faded (spec 2 §2 "a hover video").
 * Written to `public/previews/` (not committed); files already made for this version are kept.
 * The illustrator is deterministic, so every build makes the same pictures.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ASMR_STYLES, MUSIC_VIDEO_FORM_TYPES, STYLE_GRID } from '@storyloom/core';
import { LocalIllustrator, styleChoice } from '@storyloom/pipeline';
import {
  ASMR_PREVIEW_SCENES,
  MUSIC_VIDEO_PREVIEW_SCENES,
  PREVIEWS_VERSION,
  STYLE_PREVIEW_SCENE,
} from '../src/create/preview-scenes';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'previews');
const illustrator = new LocalIllustrator();

async function picture(file: string, prompt: string, style: string, size: [number, number]) {
  if (existsSync(file)) return;
  const media = await illustrator.generate({
    prompt,
    keywords: [],
    style: styleChoice(style),
    width: size[0],
    height: size[1],
    seed: `preview-${path.basename(file)}`,
  });
  writeFileSync(file, media.bytes);
}

/** Seconds each picture shows in a chooser clip, and of each cross-fade. */
const CLIP = { fps: 25, still: 1.6, fade: 0.4, size: 360 } as const;

/** Three pictures, each zoomed in slowly, joined by cross-fades: an H.264 clip, muted. */
function clipArgs(frames: readonly string[], output: string): string[] {
  const perPicture = Math.round(CLIP.still * CLIP.fps);
  const zoom = frames.map(
    (_, i) =>
      `[${i}:v]scale=${CLIP.size * 2}:${CLIP.size * 2},zoompan=z='1+0.12*on/${perPicture}':` +
      `x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${perPicture}:s=${CLIP.size}x${CLIP.size}:fps=${CLIP.fps},setsar=1[p${i}]`,
  );
  const fades: string[] = [];
  let last = 'p0';
  for (let i = 1; i < frames.length; i++) {
    const offset = (CLIP.still - CLIP.fade) * i;
    const out = i === frames.length - 1 ? 'joined' : `x${i}`;
    fades.push(
      `[${last}][p${i}]xfade=transition=fade:duration=${CLIP.fade}:offset=${offset.toFixed(2)}[${out}]`,
    );
    last = out;
  }
  return [
    '-y',
    '-loglevel',
    'error',
    ...frames.flatMap((frame) => ['-i', frame]),
    '-filter_complex',
    [...zoom, ...fades, `[joined]format=yuv420p[v]`].join(';'),
    '-map',
    '[v]',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    output,
  ];
}

async function main() {
  const stamp = path.join(root, 'VERSION');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== PREVIEWS_VERSION)
    rmSync(root, { recursive: true, force: true });
  for (const dir of ['styles', 'asmr', 'music-video'])
    mkdirSync(path.join(root, dir), { recursive: true });

  for (const style of STYLE_GRID)
    await picture(
      path.join(root, 'styles', `${style.value}.jpg`),
      STYLE_PREVIEW_SCENE,
      style.value,
      [240, 240],
    );
  for (const style of ASMR_STYLES)
    await picture(
      path.join(root, 'asmr', `${style.value}.jpg`),
      ASMR_PREVIEW_SCENES[style.value],
      'photorealistic',
      [480, 360],
    );

  const work = path.join(tmpdir(), `storyloom-previews-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    for (const type of MUSIC_VIDEO_FORM_TYPES) {
      const { style, scenes } = MUSIC_VIDEO_PREVIEW_SCENES[type];
      const poster = path.join(root, 'music-video', `${type}.jpg`);
      const clip = path.join(root, 'music-video', `${type}.mp4`);
      if (existsSync(poster) && existsSync(clip)) continue;
      const frames = scenes.map((_, i) => path.join(work, `${type}-${i}.jpg`));
      for (const [i, scene] of scenes.entries())
        await picture(frames[i]!, scene, style, [CLIP.size * 2, CLIP.size * 2]);
      await run('ffmpeg', clipArgs(frames, clip));
      // The poster is the clip's first frame, at the clip's size.
      await run('ffmpeg', [
        '-y',
        '-loglevel',
        'error',
        '-i',
        clip,
        '-frames:v',
        '1',
        '-q:v',
        '4',
        poster,
      ]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(stamp, PREVIEWS_VERSION);
  writeFileSync(path.join(root, '.gitignore'), '*\n');
}

await main();
