import {
  createCanvas,
  loadImage,
  type Canvas,
  type Image,
  type SKRSContext2D,
} from '@napi-rs/canvas';
import type { GeneratedMedia, ImageProvider, StyleChoice } from '../provider-types';
import { drawBackdrop, drawWeather, type Backdrop } from './illustration/backdrops';
import { recolour } from './illustration/colour';
import { drawIcon } from './illustration/draw-icon';
import { iconEntry } from './illustration/emoji-icons';
import { planScene, type ScenePlan, type SceneSubject } from './illustration/scene-plan';
import { INDOOR_SETTINGS } from './illustration/scene-words';
import { STYLE_LOOKS, styleLookName, type Look } from './illustration/style-looks';
import { seededRandom } from './seeded-random';

/** What the illustrator drew: the scene it read from the prompt and the treatment it used. */
export interface DrawnScene extends ScenePlan {
  style: string;
  /**
   * Where the main subject is, as fractions of the picture (0–1, from the top left), so a
   * caption can be placed where it does not cover it.
   */
  subjectBox?: { x: number; y: number; w: number; h: number };
}

export interface IllustratedMedia extends GeneratedMedia {
  drawn: DrawnScene;
}

/** Subjects' height as a share of the picture's short side, by shot role. */
const SUBJECT_SIZE = { establishing: 0.3, medium: 0.56, 'close-up': 0.86 } as const;

/** Icons drawn head and shoulders (most people); the rest are whole figures that stand. */
const FULL_FIGURE_GROUPS = new Set(['person-activity', 'person-sport', 'person-resting']);

/** A thing placed in the frame: an icon (or the character's picture) in a box. */
interface Placed {
  icon?: string;
  colour?: string;
  image?: Image;
  x: number;
  bottom: number;
  size: number;
  flip: boolean;
  /** Stands on the ground (casts a contact shadow). */
  standing: boolean;
  /** The shot's main subject. */
  main?: boolean;
}

function isBust(subject: SceneSubject): boolean {
  if (subject.kind !== 'person') return false;
  const base = subject.icon.replace(/-(light|medium-light|medium|medium-dark|dark)$/, '');
  return !FULL_FIGURE_GROUPS.has(iconEntry(base)?.subgroup ?? '');
}

/** The prompt without the style's own words and the "Avoid:" list the writer appends. */
function subjectText(prompt: string, style: StyleChoice): string {
  let text = prompt.split(/\bAvoid:/)[0] ?? prompt;
  if (style.description) text = text.split(style.description).join(' ');
  return text;
}

/**
 * Where each subject goes. The main subject takes a third of the frame (the centre in a
 * close-up) at the size its shot role asks; people are framed head and shoulders from the
 * bottom edge unless the icon is a whole figure; a held thing sits at the hand, an umbrella
 * over the head; companions and copies stand beside; buildings stand behind.
 */
function layout(
  subjects: readonly SceneSubject[],
  plan: ScenePlan,
  backdrop: Backdrop,
  size: { w: number; h: number },
  random: () => number,
  character: Image | undefined,
): Placed[] {
  const { w, h } = size;
  const u = Math.min(w, h);
  // The character's picture, when given, is the main subject; the prompt's things join it.
  const main = character ? undefined : subjects[0];
  const others = character ? subjects : subjects.slice(1);
  if (!main && !character) return [];
  const left = random() < 0.5;
  const dir = left ? 1 : -1;
  const indoor = INDOOR_SETTINGS.has(plan.setting);
  const s = Math.min(u * SUBJECT_SIZE[plan.role], h * 0.9);
  const mainX = plan.role === 'close-up' ? w * 0.5 : w * (left ? 0.36 : 0.64);
  const placed: Placed[] = [];
  const bust = character ? true : isBust(main!);
  const mainSize = main && !bust && !backdrop.floating && main.kind !== 'person' ? s * 0.85 : s;
  const mainBottom = backdrop.floating
    ? h * 0.5 + mainSize / 2
    : bust
      ? h + mainSize * 0.04
      : main!.kind === 'person' && indoor
        ? h * 0.97
        : backdrop.groundY;
  const behind: Placed[] = [];
  const front: Placed[] = [];
  // "An owl on a branch", "a cat on the sofa": the thing it is on stands under it, and it sits
  // on top. "A girl under a tree": the tree stands over it, behind.
  const support = main ? others.find((o) => o.relation === 'on' && o.kind !== 'person') : undefined;
  const cover = main ? others.find((o) => o.relation === 'under') : undefined;
  let raised = mainBottom;
  if (support) {
    const k = support.kind === 'place' ? 1.1 : 0.7;
    placed.push({
      icon: support.icon,
      colour: support.colour,
      x: mainX,
      bottom: mainBottom,
      size: mainSize * k,
      flip: false,
      standing: !backdrop.floating,
    });
    raised = mainBottom - mainSize * k * 0.55;
  }
  if (cover) {
    placed.unshift({
      icon: cover.icon,
      colour: cover.colour,
      x: mainX + dir * mainSize * 0.2,
      bottom: backdrop.floating ? mainBottom : backdrop.groundY,
      size: Math.min(mainSize * 1.6, h * 0.85),
      flip: false,
      standing: !backdrop.floating,
    });
  }
  // Copies ("two dogs") and companions ("a family") beside the main subject.
  const extras: string[] = [...(main?.companions ?? [])];
  for (let i = 1; i < Math.min(main?.count ?? 1, 3); i++) extras.push(main!.icon);
  extras.forEach((icon, i) => {
    const child = /child|baby|girl|boy/.test(icon);
    const k = (child ? 0.7 : 0.92) - i * 0.06;
    const side = i % 2 === 0 ? -dir : dir;
    behind.push({
      icon,
      colour: main?.colour,
      x: mainX + side * mainSize * (0.62 + Math.floor(i / 2) * 0.55),
      bottom: mainBottom,
      size: mainSize * k,
      flip: side > 0,
      standing: !bust,
    });
  });
  placed.push(...behind);
  placed.push({
    icon: character ? undefined : main!.icon,
    colour: main?.colour,
    image: character,
    x: mainX,
    bottom: raised,
    size: mainSize,
    flip: !left,
    standing: !bust && !backdrop.floating && !support,
    main: true,
  });
  for (const other of others) {
    if (other === support || other === cover) continue;
    if (
      other.relation === 'holding' &&
      !bust &&
      ['object', 'food', 'plant', 'sport'].includes(other.kind)
    ) {
      // Held at the hand, in front of the subject.
      front.push({
        icon: other.icon,
        colour: other.colour,
        x: mainX + dir * mainSize * 0.38,
        bottom: raised - mainSize * 0.18,
        size: mainSize * 0.38,
        flip: false,
        standing: false,
      });
      continue;
    }
    const small = ['object', 'food', 'plant', 'sky'].includes(other.kind);
    if (other.icon.includes('umbrella') && (bust || character)) {
      front.push({
        icon: other.icon,
        colour: other.colour,
        x: mainX + dir * mainSize * 0.1,
        bottom: mainBottom - mainSize * 0.5,
        size: mainSize * 0.8,
        flip: !left,
        standing: false,
      });
    } else if (other.kind === 'place') {
      placed.unshift({
        icon: other.icon,
        colour: other.colour,
        x: mainX + dir * mainSize * 0.95,
        bottom: backdrop.groundY - mainSize * 0.1,
        size: mainSize * 0.9,
        flip: false,
        standing: false,
      });
    } else if (small && (bust || backdrop.floating)) {
      front.push({
        icon: other.icon,
        colour: other.colour,
        x: mainX + dir * mainSize * 0.45,
        bottom: bust ? h - mainSize * 0.02 : mainBottom,
        size: mainSize * 0.42,
        flip: false,
        standing: false,
      });
    } else {
      const k = small ? 0.45 : 0.72;
      const x = mainX + dir * mainSize * (0.55 + k * 0.5 + front.length * 0.35);
      const count = Math.min(other.count, 3);
      for (let c = 0; c < count; c++)
        front.push({
          icon: other.icon,
          colour: other.colour,
          x: x + dir * c * mainSize * k * 0.55,
          bottom:
            small && !bust && !backdrop.floating
              ? mainBottom
              : backdrop.floating
                ? mainBottom - mainSize * 0.1
                : backdrop.groundY,
          size: mainSize * k * (1 - c * 0.08),
          flip: left,
          standing: !backdrop.floating,
        });
    }
  }
  return [...placed, ...front].map((item) => inSafeArea(item, size, bust && !!item.main));
}

/**
 * The item moved (and if need be shrunk) to lie whole inside the frame's safe area: 5 % in
 * from every edge. A head-and-shoulders figure keeps its bottom edge on the frame's, as a
 * bust is framed.
 */
function inSafeArea(item: Placed, size: { w: number; h: number }, bust: boolean): Placed {
  const m = Math.min(size.w, size.h) * 0.05;
  const wide = item.image ? item.image.width / item.image.height : 1;
  let s = Math.min(item.size, size.h - 2 * m, (size.w - 2 * m) / wide);
  const halfW = (s * wide) / 2;
  const x = Math.min(Math.max(item.x, m + halfW), size.w - m - halfW);
  let bottom = bust ? item.bottom : Math.min(item.bottom, size.h - m * 0.2);
  if (bottom - s < m) {
    if (bust) s = Math.min(s, bottom - m);
    else bottom = Math.min(size.h - m * 0.2, m + s);
  }
  return { ...item, x, bottom, size: s };
}

function drawPlaced(
  ctx: SKRSContext2D,
  item: Placed,
): { x: number; y: number; w: number; h: number } {
  if (item.image) {
    const ratio = item.image.width / item.image.height;
    const ih = item.size;
    const iw = ih * ratio;
    const x = item.x - iw / 2;
    const y = item.bottom - ih;
    // A photo with opaque corners is framed as a cut-out card; a transparent one stands as is.
    const probe = createCanvas(1, 1).getContext('2d');
    probe.drawImage(item.image, 0, 0, 1, 1, 0, 0, 1, 1);
    const opaque = probe.getImageData(0, 0, 1, 1).data[3]! > 200;
    ctx.save();
    if (opaque) {
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.roundRect(x - ih * 0.03, y - ih * 0.03, iw + ih * 0.06, ih * 1.06, ih * 0.06);
      ctx.fill();
      ctx.beginPath();
      ctx.roundRect(x, y, iw, ih, ih * 0.04);
      ctx.clip();
    }
    ctx.drawImage(item.image, x, y, iw, ih);
    ctx.restore();
    return { x, y, w: iw, h: ih };
  }
  const colour = item.colour;
  drawIcon(ctx, item.icon!, item.x, item.bottom, item.size, {
    flip: item.flip,
    colour: colour ? (fill) => recolour(fill, colour) : undefined,
  });
  return { x: item.x - item.size / 2, y: item.bottom - item.size, w: item.size, h: item.size };
}

/** The boxes' union, clipped to the picture: where the subjects' layer has anything. */
function unionBox(
  boxes: readonly { x: number; y: number; w: number; h: number }[],
  size: { w: number; h: number },
): { x: number; y: number; w: number; h: number } {
  if (boxes.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  const x = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x))));
  const y = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y))));
  const right = Math.min(size.w, Math.ceil(Math.max(...boxes.map((b) => b.x + b.w))));
  const bottom = Math.min(size.h, Math.ceil(Math.max(...boxes.map((b) => b.y + b.h))));
  return { x, y, w: right - x, h: bottom - y };
}

/** The subjects' layer composited over the background with the look's outline and shadow. */
function composite(
  ctx: SKRSContext2D,
  subjects: Canvas,
  look: Look,
  options: { u: number; dim: number; box: { x: number; y: number; w: number; h: number } },
): void {
  const { u, box } = options;
  if (box.w <= 0 || box.h <= 0) return;
  // Only the subjects' box is blurred, shadowed and outlined (the rest of the layer is empty).
  const draw = (image: Canvas, dx = 0, dy = 0) =>
    ctx.drawImage(image, box.x, box.y, box.w, box.h, box.x + dx, box.y + dy, box.w, box.h);
  if (look.outline) {
    const silhouette = createCanvas(subjects.width, subjects.height);
    const s = silhouette.getContext('2d');
    s.drawImage(subjects, 0, 0);
    s.globalCompositeOperation = 'source-in';
    s.fillStyle = look.outline.colour;
    s.fillRect(box.x, box.y, box.w, box.h);
    const r = Math.max(1, u * look.outline.width);
    for (let a = 0; a < 8; a++)
      draw(silhouette, Math.cos((a * Math.PI) / 4) * r, Math.sin((a * Math.PI) / 4) * r);
  }
  ctx.save();
  if (look.shadow) {
    ctx.shadowColor = look.shadow.colour;
    ctx.shadowBlur = u * look.shadow.blur;
    ctx.shadowOffsetX = u * look.shadow.dx;
    ctx.shadowOffsetY = u * look.shadow.dy;
  }
  if (options.dim < 1) ctx.filter = `brightness(${options.dim})`;
  draw(subjects);
  ctx.restore();
}

/**
 * The offline illustrator (`local-illustrator`): reads the prompt into a scene (subjects matched
 * to Fluent Emoji Flat illustrations through names, Emojibase keywords, synonyms and lemmas; a
 * setting, time of day, weather, mood and shot role), paints the setting as a background, lays
 * the subjects out by shot role and finishes the picture in the style's own treatment. The same
 * input gives the same picture; `drawn` records what it drew.
 */
export class LocalIllustrator implements ImageProvider {
  readonly name = 'local-illustrator';

  async generate(input: {
    prompt: string;
    keywords: readonly string[];
    style: StyleChoice;
    width: number;
    height: number;
    seed: string;
    characterImage?: Buffer;
  }): Promise<IllustratedMedia> {
    const { width: w, height: h } = input;
    const u = Math.min(w, h);
    const plan = planScene(subjectText(input.prompt, input.style));
    // A chosen character stands in for the prompt's first person.
    const firstPerson = input.characterImage
      ? plan.subjects.findIndex((s) => s.kind === 'person')
      : -1;
    const shown = plan.subjects.filter((_, i) => i !== firstPerson);
    const styleName = styleLookName(input.style, plan);
    const look = STYLE_LOOKS[styleName]!;
    const time = look.time ?? plan.time;
    // The scene's layout depends on the shot alone, so styles differ only in their treatment.
    const random = seededRandom(`${input.seed}|${input.prompt}`);
    const character = input.characterImage ? await loadImage(input.characterImage) : undefined;

    const background = createCanvas(w, h);
    const backdrop = drawBackdrop(background.getContext('2d'), plan.setting, {
      width: w,
      height: h,
      random,
      time,
      weather: plan.weather,
    });
    if (look.backgroundPasses) {
      const bctx = background.getContext('2d');
      const bgRandom = seededRandom(`${input.seed}|${styleName}|background`);
      for (const pass of look.backgroundPasses)
        pass({ canvas: background, ctx: bctx, w, h, u, random: bgRandom });
    }
    const subjects = createCanvas(w, h);
    const sctx = subjects.getContext('2d');
    const items = layout(shown, plan, backdrop, { w, h }, random, character);
    const boxes = items.map((item) => drawPlaced(sctx, item));
    const mainBox = boxes[items.findIndex((item) => item.main)];
    if (look.volume) {
      // Light from the upper left over each subject, shade to the lower right.
      sctx.save();
      sctx.globalCompositeOperation = 'source-atop';
      for (const box of boxes) {
        const g = sctx.createLinearGradient(box.x, box.y, box.x + box.w, box.y + box.h);
        g.addColorStop(0, `rgba(255,255,255,${look.volume * 0.5})`);
        g.addColorStop(0.5, 'rgba(255,255,255,0)');
        g.addColorStop(1, `rgba(0,0,30,${look.volume * 0.6})`);
        sctx.fillStyle = g;
        sctx.fillRect(box.x, box.y, box.w, box.h);
      }
      sctx.restore();
    }

    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    const blur = (plan.role === 'close-up' ? 0.006 : 0) + (look.depthBlur ?? 0);
    if (plan.role === 'close-up') {
      // A closer camera: the background larger and softer behind the subject.
      const zoom = 1.35;
      ctx.filter = `blur(${Math.round(u * blur)}px)`;
      ctx.drawImage(background, (w - w * zoom) / 2, (h - h * zoom) * 0.7, w * zoom, h * zoom);
      ctx.filter = 'none';
    } else {
      if (blur > 0) ctx.filter = `blur(${Math.round(u * blur)}px)`;
      ctx.drawImage(background, 0, 0);
      ctx.filter = 'none';
    }
    for (const item of items) {
      if (!item.standing) continue;
      ctx.fillStyle = 'rgba(0,0,0,0.22)';
      ctx.beginPath();
      ctx.ellipse(
        item.x,
        item.bottom - item.size * 0.02,
        item.size * 0.38,
        item.size * 0.06,
        0,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
    composite(ctx, subjects, look, {
      box: unionBox(boxes, { w, h }),
      u,
      dim: time === 'night' ? 0.78 : time === 'dusk' ? 0.92 : 1,
    });
    // Rain and snow fall only outdoors.
    if (!INDOOR_SETTINGS.has(plan.setting))
      drawWeather(ctx, plan.weather, { width: w, height: h, random });
    const styleRandom = seededRandom(`${input.seed}|${styleName}`);
    for (const pass of look.passes) pass({ canvas, ctx, w, h, u, random: styleRandom });

    return {
      bytes: canvas.toBuffer('image/jpeg', 90),
      extension: 'jpg',
      width: w,
      height: h,
      drawn: {
        ...plan,
        time,
        subjects: character
          ? [{ word: 'character', icon: 'character-reference', kind: 'person', count: 1 }, ...shown]
          : plan.subjects,
        style: styleName,
        ...(mainBox
          ? {
              subjectBox: {
                x: Math.max(0, mainBox.x / w),
                y: Math.max(0, mainBox.y / h),
                w: Math.min(1, mainBox.w / w),
                h: Math.min(1, mainBox.h / h),
              },
            }
          : {}),
      },
    };
  }
}
