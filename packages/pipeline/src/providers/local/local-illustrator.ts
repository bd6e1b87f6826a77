import { createCanvas, Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { GeneratedMedia, ImageProvider, StyleChoice } from '../provider-types';
import { hashText, pick, seededRandom } from './seeded-random';

/** The seven drawing treatments; every grid style maps onto one plus a colour filter. */
export type Treatment =
  'photorealistic' | 'animation' | 'microworld' | 'crayon' | 'pixelart' | 'ghibli' | 'cyberpunk';

interface Palette {
  skyTop: string;
  skyBottom: string;
  far: string;
  near: string;
  ground: string;
  accent: string;
  subject: string[];
  light: string;
  outline: string;
}

const PALETTES: Record<Treatment, Palette> = {
  photorealistic: {
    skyTop: '#4a78b0',
    skyBottom: '#d9e4ec',
    far: '#7d8fa3',
    near: '#4f6b45',
    ground: '#6d7f4e',
    accent: '#c98b4f',
    subject: ['#8a6a52', '#5b5046', '#b9a48a', '#3e4a56'],
    light: '#fff6de',
    outline: 'rgba(0,0,0,0)',
  },
  animation: {
    skyTop: '#2ea7ff',
    skyBottom: '#a8e6ff',
    far: '#5ccf8a',
    near: '#2fb865',
    ground: '#7ee07a',
    accent: '#ff7a3d',
    subject: ['#ff5c8a', '#ffd23f', '#7b61ff', '#00c2a8'],
    light: '#fffbe0',
    outline: '#1d2440',
  },
  microworld: {
    skyTop: '#f2c28b',
    skyBottom: '#fbe7c6',
    far: '#c79a6b',
    near: '#7fa35a',
    ground: '#a9c76b',
    accent: '#e0533d',
    subject: ['#e0533d', '#3d7be0', '#f0c419', '#ffffff'],
    light: '#fff3cf',
    outline: 'rgba(40,20,0,0.35)',
  },
  crayon: {
    skyTop: '#7fc4ff',
    skyBottom: '#cfe9ff',
    far: '#3bb54a',
    near: '#2e9e3e',
    ground: '#57c75f',
    accent: '#ff2d2d',
    subject: ['#ff2d2d', '#ffd400', '#1e5bff', '#ff8c00'],
    light: '#ffe94d',
    outline: '#222222',
  },
  pixelart: {
    skyTop: '#29366f',
    skyBottom: '#3b5dc9',
    far: '#257179',
    near: '#38b764',
    ground: '#a7f070',
    accent: '#ef7d57',
    subject: ['#ffcd75', '#b13e53', '#41a6f6', '#f4f4f4'],
    light: '#ffcd75',
    outline: '#1a1c2c',
  },
  ghibli: {
    skyTop: '#8ec9e8',
    skyBottom: '#f3f0d8',
    far: '#9cc59a',
    near: '#6fa86a',
    ground: '#b7d98b',
    accent: '#e8a87c',
    subject: ['#d9826b', '#f2d0a4', '#6f8fb3', '#c9a0dc'],
    light: '#fff4d6',
    outline: 'rgba(70,60,40,0.45)',
  },
  cyberpunk: {
    skyTop: '#07021a',
    skyBottom: '#3a0a4f',
    far: '#1b1140',
    near: '#120a2e',
    ground: '#0b0620',
    accent: '#00f0ff',
    subject: ['#ff2bd6', '#00f0ff', '#f9f871', '#7b2bff'],
    light: '#ff2bd6',
    outline: '#00f0ff',
  },
};

/** Grid styles beyond the core seven: a treatment and a CSS filter applied at the end. */
const STYLE_TREATMENTS: Record<string, { treatment: Treatment; filter?: string }> = {
  photorealistic: { treatment: 'photorealistic' },
  animation: { treatment: 'animation' },
  microworld: { treatment: 'microworld' },
  crayon: { treatment: 'crayon' },
  pixelart: { treatment: 'pixelart' },
  ghibli: { treatment: 'ghibli' },
  cyberpunk: { treatment: 'cyberpunk' },
  watercolor: { treatment: 'ghibli', filter: 'saturate(0.8) brightness(1.08)' },
  comic: { treatment: 'animation', filter: 'contrast(1.35) saturate(1.3)' },
  anime: { treatment: 'animation', filter: 'hue-rotate(-15deg) saturate(1.1)' },
  claymation: { treatment: 'microworld', filter: 'saturate(1.2) contrast(1.1)' },
  lowpoly: { treatment: 'pixelart', filter: 'blur(1px) saturate(0.9)' },
  'film-noir': { treatment: 'photorealistic', filter: 'grayscale(1) contrast(1.6)' },
  'vintage-film': { treatment: 'photorealistic', filter: 'sepia(0.6) contrast(0.9)' },
  'oil-painting': { treatment: 'ghibli', filter: 'saturate(1.4) contrast(1.2)' },
  sketch: { treatment: 'crayon', filter: 'grayscale(1) contrast(1.3) brightness(1.1)' },
  papercut: { treatment: 'animation', filter: 'saturate(0.7) brightness(1.1)' },
  fantasy: { treatment: 'ghibli', filter: 'hue-rotate(40deg) saturate(1.3)' },
};

const CORE: Treatment[] = [
  'photorealistic',
  'animation',
  'microworld',
  'crayon',
  'pixelart',
  'ghibli',
  'cyberpunk',
];

/** The treatment of a style value: a grid style, or (Custom text, Auto) a stable pick. */
export function treatmentFor(
  style: StyleChoice,
  seed: string,
): { treatment: Treatment; filter?: string } {
  const known = STYLE_TREATMENTS[style.value];
  if (known) return known;
  const text = style.value === 'auto' ? seed : `${style.value} ${style.description}`;
  const lower = text.toLowerCase();
  const named = CORE.find((t) => lower.includes(t));
  return { treatment: named ?? CORE[hashText(text) % CORE.length]! };
}

type Setting = 'city' | 'nature' | 'space' | 'indoor' | 'ocean';
const SETTING_WORDS: Record<Setting, string[]> = {
  city: [
    'city',
    'street',
    'building',
    'tech',
    'technology',
    'office',
    'future',
    'innovation',
    'market',
    'business',
    'company',
    'town',
    'traffic',
  ],
  nature: [
    'tree',
    'forest',
    'mountain',
    'river',
    'travel',
    'park',
    'garden',
    'nature',
    'asia',
    'journey',
    'farm',
    'field',
    'puma',
    'animal',
    'wild',
  ],
  space: [
    'space',
    'star',
    'planet',
    'rocket',
    'galaxy',
    'moon',
    'universe',
    'orbit',
    'astronaut',
    'sky',
  ],
  indoor: [
    'room',
    'home',
    'cat',
    'webinar',
    'computer',
    'desk',
    'meeting',
    'kitchen',
    'book',
    'school',
    'class',
    'house',
    'laptop',
  ],
  ocean: ['sea', 'ocean', 'beach', 'island', 'water', 'fish', 'boat', 'wave', 'coast'],
};

type Subject =
  | 'cat'
  | 'person'
  | 'tree'
  | 'house'
  | 'rocket'
  | 'laptop'
  | 'globe'
  | 'book'
  | 'bulb'
  | 'car'
  | 'heart'
  | 'star'
  | 'chart'
  | 'boat'
  | 'mountain';
const SUBJECT_WORDS: Record<Subject, string[]> = {
  cat: ['cat', 'cats', 'kitten', 'puma', 'animal', 'pet', 'dog', 'lion', 'tiger'],
  person: [
    'people',
    'person',
    'friend',
    'team',
    'user',
    'you',
    'family',
    'child',
    'teacher',
    'host',
    'speaker',
    'traveler',
    'traveller',
  ],
  tree: ['tree', 'forest', 'plant', 'garden', 'nature', 'leaf'],
  house: ['house', 'home', 'village', 'temple', 'building', 'shop'],
  rocket: ['rocket', 'launch', 'space', 'startup', 'mission'],
  laptop: [
    'laptop',
    'computer',
    'webinar',
    'software',
    'code',
    'internet',
    'online',
    'digital',
    'screen',
    'app',
  ],
  globe: ['world', 'globe', 'earth', 'travel', 'asia', 'country', 'global', 'map'],
  book: ['book', 'story', 'learn', 'lesson', 'school', 'history', 'read'],
  bulb: ['idea', 'ideas', 'innovation', 'insight', 'think', 'energy', 'light'],
  car: ['car', 'drive', 'road', 'traffic', 'vehicle'],
  heart: ['love', 'heart', 'care', 'health', 'kind'],
  star: ['star', 'stars', 'dream', 'magic', 'success', 'win'],
  chart: ['growth', 'data', 'chart', 'market', 'money', 'business', 'sales', 'numbers', 'future'],
  boat: ['boat', 'ship', 'sail', 'sea', 'ocean', 'island'],
  mountain: ['mountain', 'hill', 'climb', 'peak', 'adventure'],
};

function matchAll<T extends string>(table: Record<T, string[]>, words: readonly string[]): T[] {
  const found: T[] = [];
  for (const word of words) {
    for (const [key, list] of Object.entries(table) as [T, string[]][]) {
      if ((list.includes(word) || list.includes(word.replace(/s$/, ''))) && !found.includes(key))
        found.push(key);
    }
  }
  return found;
}

/** How shapes are painted: every treatment fills and outlines in its own way. */
interface Painter {
  fill(path: Path2D, color: string): void;
}

function makePainter(
  ctx: SKRSContext2D,
  treatment: Treatment,
  palette: Palette,
  random: () => number,
  scale: number,
): Painter {
  return {
    fill(path, color) {
      ctx.save();
      switch (treatment) {
        case 'crayon': {
          // Waxy strokes: hatching clipped to the shape, then a wobbly outline.
          ctx.clip(path);
          ctx.strokeStyle = color;
          ctx.lineWidth = 5 * scale;
          ctx.globalAlpha = 0.8;
          const w = ctx.canvas.width;
          const h = ctx.canvas.height;
          for (let x = -h; x < w; x += 7 * scale) {
            ctx.beginPath();
            ctx.moveTo(x + random() * 4, 0);
            ctx.lineTo(x + h + random() * 8, h);
            ctx.stroke();
          }
          ctx.restore();
          ctx.save();
          ctx.strokeStyle = palette.outline;
          ctx.lineWidth = 3 * scale;
          ctx.globalAlpha = 0.7;
          ctx.translate(random() * 3, random() * 3);
          ctx.stroke(path);
          break;
        }
        case 'cyberpunk':
          ctx.fillStyle = color;
          ctx.globalAlpha = 0.35;
          ctx.fill(path);
          ctx.globalAlpha = 1;
          ctx.shadowColor = color;
          ctx.shadowBlur = 25 * scale;
          ctx.strokeStyle = color;
          ctx.lineWidth = 4 * scale;
          ctx.stroke(path);
          break;
        case 'ghibli':
          // Watercolour: several soft, slightly offset washes.
          ctx.fillStyle = color;
          for (let i = 0; i < 3; i++) {
            ctx.globalAlpha = 0.45;
            ctx.save();
            ctx.translate((random() - 0.5) * 6 * scale, (random() - 0.5) * 6 * scale);
            ctx.fill(path);
            ctx.restore();
          }
          ctx.globalAlpha = 0.6;
          ctx.strokeStyle = palette.outline;
          ctx.lineWidth = 1.5 * scale;
          ctx.stroke(path);
          break;
        case 'animation':
          ctx.fillStyle = color;
          ctx.fill(path);
          ctx.strokeStyle = palette.outline;
          ctx.lineWidth = 6 * scale;
          ctx.lineJoin = 'round';
          ctx.stroke(path);
          break;
        case 'microworld':
          ctx.shadowColor = 'rgba(60,30,0,0.45)';
          ctx.shadowBlur = 18 * scale;
          ctx.shadowOffsetY = 8 * scale;
          ctx.fillStyle = color;
          ctx.fill(path);
          break;
        case 'pixelart':
          ctx.fillStyle = color;
          ctx.fill(path);
          ctx.strokeStyle = palette.outline;
          ctx.lineWidth = 1;
          ctx.stroke(path);
          break;
        case 'photorealistic':
          ctx.shadowColor = 'rgba(0,0,0,0.35)';
          ctx.shadowBlur = 30 * scale;
          ctx.shadowOffsetY = 12 * scale;
          ctx.fillStyle = color;
          ctx.fill(path);
          break;
      }
      ctx.restore();
    },
  };
}

function rect(x: number, y: number, w: number, h: number): Path2D {
  const p = new Path2D();
  p.rect(x, y, w, h);
  return p;
}
function ellipse(x: number, y: number, rx: number, ry: number): Path2D {
  const p = new Path2D();
  p.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  return p;
}
function poly(points: [number, number][]): Path2D {
  const p = new Path2D();
  points.forEach(([x, y], i) => (i === 0 ? p.moveTo(x, y) : p.lineTo(x, y)));
  p.closePath();
  return p;
}

/** A pictogram of the subject, centred at (x, y), about `s` tall. */
function drawSubject(
  paint: Painter,
  subject: Subject,
  x: number,
  y: number,
  s: number,
  colors: string[],
): void {
  const [c1, c2, c3, c4] = colors as [string, string, string, string];
  switch (subject) {
    case 'cat':
      paint.fill(ellipse(x, y + s * 0.15, s * 0.32, s * 0.3), c1);
      paint.fill(ellipse(x, y - s * 0.25, s * 0.22, s * 0.2), c1);
      paint.fill(
        poly([
          [x - s * 0.2, y - s * 0.35],
          [x - s * 0.14, y - s * 0.55],
          [x - s * 0.05, y - s * 0.4],
        ]),
        c1,
      );
      paint.fill(
        poly([
          [x + s * 0.2, y - s * 0.35],
          [x + s * 0.14, y - s * 0.55],
          [x + s * 0.05, y - s * 0.4],
        ]),
        c1,
      );
      paint.fill(ellipse(x - s * 0.08, y - s * 0.27, s * 0.03, s * 0.04), c4);
      paint.fill(ellipse(x + s * 0.08, y - s * 0.27, s * 0.03, s * 0.04), c4);
      paint.fill(rect(x + s * 0.28, y + s * 0.05, s * 0.08, s * 0.35), c1);
      break;
    case 'person':
      paint.fill(ellipse(x, y - s * 0.32, s * 0.13, s * 0.14), c2);
      paint.fill(
        poly([
          [x - s * 0.22, y + s * 0.45],
          [x - s * 0.16, y - s * 0.14],
          [x + s * 0.16, y - s * 0.14],
          [x + s * 0.22, y + s * 0.45],
        ]),
        c1,
      );
      paint.fill(rect(x - s * 0.3, y - s * 0.1, s * 0.08, s * 0.35), c3);
      paint.fill(rect(x + s * 0.22, y - s * 0.1, s * 0.08, s * 0.35), c3);
      break;
    case 'tree':
      paint.fill(rect(x - s * 0.06, y, s * 0.12, s * 0.5), c3);
      paint.fill(ellipse(x, y - s * 0.12, s * 0.32, s * 0.3), c4);
      paint.fill(ellipse(x - s * 0.18, y + s * 0.02, s * 0.2, s * 0.18), c4);
      paint.fill(ellipse(x + s * 0.18, y + s * 0.02, s * 0.2, s * 0.18), c4);
      break;
    case 'house':
      paint.fill(rect(x - s * 0.32, y - s * 0.05, s * 0.64, s * 0.5), c2);
      paint.fill(
        poly([
          [x - s * 0.42, y - s * 0.05],
          [x, y - s * 0.45],
          [x + s * 0.42, y - s * 0.05],
        ]),
        c1,
      );
      paint.fill(rect(x - s * 0.08, y + s * 0.17, s * 0.16, s * 0.28), c3);
      paint.fill(rect(x + s * 0.14, y + s * 0.05, s * 0.12, s * 0.1), c4);
      break;
    case 'rocket':
      paint.fill(
        poly([
          [x, y - s * 0.55],
          [x + s * 0.15, y - s * 0.2],
          [x + s * 0.15, y + s * 0.3],
          [x - s * 0.15, y + s * 0.3],
          [x - s * 0.15, y - s * 0.2],
        ]),
        c4,
      );
      paint.fill(ellipse(x, y - s * 0.12, s * 0.07, s * 0.07), c3);
      paint.fill(
        poly([
          [x - s * 0.15, y + s * 0.1],
          [x - s * 0.3, y + s * 0.4],
          [x - s * 0.15, y + s * 0.3],
        ]),
        c1,
      );
      paint.fill(
        poly([
          [x + s * 0.15, y + s * 0.1],
          [x + s * 0.3, y + s * 0.4],
          [x + s * 0.15, y + s * 0.3],
        ]),
        c1,
      );
      paint.fill(
        poly([
          [x - s * 0.1, y + s * 0.3],
          [x, y + s * 0.55],
          [x + s * 0.1, y + s * 0.3],
        ]),
        c2,
      );
      break;
    case 'laptop':
      paint.fill(rect(x - s * 0.4, y - s * 0.35, s * 0.8, s * 0.5), c3);
      paint.fill(rect(x - s * 0.34, y - s * 0.29, s * 0.68, s * 0.38), c4);
      paint.fill(
        poly([
          [x - s * 0.5, y + s * 0.25],
          [x - s * 0.4, y + s * 0.15],
          [x + s * 0.4, y + s * 0.15],
          [x + s * 0.5, y + s * 0.25],
        ]),
        c3,
      );
      paint.fill(rect(x - s * 0.2, y - s * 0.18, s * 0.4, s * 0.04), c1);
      paint.fill(rect(x - s * 0.2, y - s * 0.08, s * 0.28, s * 0.04), c2);
      break;
    case 'globe':
      paint.fill(ellipse(x, y, s * 0.4, s * 0.4), c3);
      paint.fill(ellipse(x - s * 0.12, y - s * 0.1, s * 0.14, s * 0.1), c4);
      paint.fill(ellipse(x + s * 0.15, y + s * 0.12, s * 0.12, s * 0.16), c4);
      paint.fill(ellipse(x + s * 0.05, y - s * 0.25, s * 0.1, s * 0.05), c4);
      break;
    case 'book':
      paint.fill(
        poly([
          [x - s * 0.45, y - s * 0.25],
          [x, y - s * 0.15],
          [x, y + s * 0.35],
          [x - s * 0.45, y + s * 0.25],
        ]),
        c1,
      );
      paint.fill(
        poly([
          [x + s * 0.45, y - s * 0.25],
          [x, y - s * 0.15],
          [x, y + s * 0.35],
          [x + s * 0.45, y + s * 0.25],
        ]),
        c2,
      );
      paint.fill(rect(x - s * 0.35, y - s * 0.1, s * 0.25, s * 0.03), c4);
      paint.fill(rect(x + s * 0.1, y - s * 0.1, s * 0.25, s * 0.03), c4);
      break;
    case 'bulb':
      paint.fill(ellipse(x, y - s * 0.12, s * 0.3, s * 0.3), c2);
      paint.fill(rect(x - s * 0.12, y + s * 0.16, s * 0.24, s * 0.2), c3);
      paint.fill(rect(x - s * 0.02, y - s * 0.2, s * 0.04, s * 0.3), c1);
      break;
    case 'car':
      paint.fill(rect(x - s * 0.5, y - s * 0.05, s, s * 0.25), c1);
      paint.fill(
        poly([
          [x - s * 0.3, y - s * 0.05],
          [x - s * 0.18, y - s * 0.3],
          [x + s * 0.2, y - s * 0.3],
          [x + s * 0.32, y - s * 0.05],
        ]),
        c1,
      );
      paint.fill(rect(x - s * 0.15, y - s * 0.25, s * 0.14, s * 0.16), c4);
      paint.fill(rect(x + s * 0.03, y - s * 0.25, s * 0.14, s * 0.16), c4);
      paint.fill(ellipse(x - s * 0.28, y + s * 0.22, s * 0.1, s * 0.1), c3);
      paint.fill(ellipse(x + s * 0.28, y + s * 0.22, s * 0.1, s * 0.1), c3);
      break;
    case 'heart': {
      const p = new Path2D();
      p.moveTo(x, y + s * 0.35);
      p.bezierCurveTo(x - s * 0.6, y - s * 0.05, x - s * 0.25, y - s * 0.5, x, y - s * 0.2);
      p.bezierCurveTo(x + s * 0.25, y - s * 0.5, x + s * 0.6, y - s * 0.05, x, y + s * 0.35);
      paint.fill(p, c1);
      break;
    }
    case 'star': {
      const points: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? s * 0.45 : s * 0.2;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        points.push([x + Math.cos(a) * r, y + Math.sin(a) * r]);
      }
      paint.fill(poly(points), c2);
      break;
    }
    case 'chart':
      paint.fill(rect(x - s * 0.45, y + s * 0.1, s * 0.2, s * 0.3), c1);
      paint.fill(rect(x - s * 0.15, y - s * 0.1, s * 0.2, s * 0.5), c2);
      paint.fill(rect(x + s * 0.15, y - s * 0.35, s * 0.2, s * 0.75), c3);
      paint.fill(
        poly([
          [x - s * 0.45, y - s * 0.05],
          [x + s * 0.3, y - s * 0.55],
          [x + s * 0.35, y - s * 0.48],
          [x - s * 0.4, y + s * 0.02],
        ]),
        c4,
      );
      break;
    case 'boat':
      paint.fill(
        poly([
          [x - s * 0.45, y + s * 0.1],
          [x + s * 0.45, y + s * 0.1],
          [x + s * 0.3, y + s * 0.3],
          [x - s * 0.3, y + s * 0.3],
        ]),
        c1,
      );
      paint.fill(rect(x - s * 0.02, y - s * 0.5, s * 0.04, s * 0.6), c3);
      paint.fill(
        poly([
          [x + s * 0.02, y - s * 0.48],
          [x + s * 0.35, y + s * 0.02],
          [x + s * 0.02, y + s * 0.02],
        ]),
        c4,
      );
      break;
    case 'mountain':
      paint.fill(
        poly([
          [x - s * 0.55, y + s * 0.4],
          [x - s * 0.1, y - s * 0.45],
          [x + s * 0.35, y + s * 0.4],
        ]),
        c3,
      );
      paint.fill(
        poly([
          [x - s * 0.22, y - s * 0.22],
          [x - s * 0.1, y - s * 0.45],
          [x + s * 0.02, y - s * 0.22],
        ]),
        c4,
      );
      paint.fill(
        poly([
          [x, y + s * 0.4],
          [x + s * 0.3, y - s * 0.15],
          [x + s * 0.6, y + s * 0.4],
        ]),
        c1,
      );
      break;
  }
}

function drawBackground(
  ctx: SKRSContext2D,
  paint: Painter,
  setting: Setting,
  palette: Palette,
  treatment: Treatment,
  random: () => number,
  w: number,
  h: number,
  horizon: number,
): void {
  const sky = ctx.createLinearGradient(0, 0, 0, horizon);
  sky.addColorStop(0, palette.skyTop);
  sky.addColorStop(1, palette.skyBottom);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  const unit = Math.min(w, h);
  // Light: a sun, a moon or neon glow.
  const sunX = w * (0.15 + random() * 0.7);
  const sunY = horizon * (0.2 + random() * 0.35);
  const glow = ctx.createRadialGradient(sunX, sunY, 0, sunX, sunY, unit * 0.35);
  glow.addColorStop(0, palette.light);
  glow.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, w, h);
  paint.fill(ellipse(sunX, sunY, unit * 0.06, unit * 0.06), palette.light);
  if (setting === 'space' || treatment === 'cyberpunk') {
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    for (let i = 0; i < 120; i++) ctx.fillRect(random() * w, random() * horizon, 2, 2);
  } else {
    for (let i = 0; i < 4; i++) {
      const cx = random() * w;
      const cy = horizon * (0.1 + random() * 0.4);
      const r = unit * (0.04 + random() * 0.05);
      const cloud = new Path2D();
      for (let j = 0; j < 4; j++)
        cloud.ellipse(cx + j * r * 0.9, cy + (j % 2) * r * 0.3, r, r * 0.7, 0, 0, Math.PI * 2);
      paint.fill(cloud, treatment === 'ghibli' ? '#ffffff' : 'rgba(255,255,255,0.85)');
    }
  }
  // Far layer: skyline, mountains or waves.
  if (setting === 'city' || treatment === 'cyberpunk') {
    let x = 0;
    while (x < w) {
      const bw = unit * (0.06 + random() * 0.1);
      const bh = horizon * (0.2 + random() * 0.5);
      paint.fill(rect(x, horizon - bh, bw * 0.92, bh), palette.far);
      ctx.fillStyle =
        treatment === 'cyberpunk' ? pick(random, palette.subject) : 'rgba(255,240,180,0.55)';
      for (let wy = horizon - bh + 10; wy < horizon - 10; wy += unit * 0.04) {
        for (let wx = x + 6; wx < x + bw * 0.85; wx += unit * 0.03) {
          if (random() < 0.45) ctx.fillRect(wx, wy, unit * 0.012, unit * 0.018);
        }
      }
      x += bw;
    }
  } else if (setting === 'ocean') {
    paint.fill(
      rect(0, horizon - unit * 0.02, w, h - horizon),
      palette.accent === '#00f0ff' ? '#0b2a4a' : '#3f86c7',
    );
  } else {
    const ridge: [number, number][] = [[0, horizon]];
    for (let x = 0; x <= w; x += w / 8)
      ridge.push([x, horizon - horizon * (0.15 + random() * 0.35)]);
    ridge.push([w, horizon]);
    paint.fill(poly(ridge), palette.far);
  }
  // Ground.
  const ground = new Path2D();
  ground.moveTo(0, horizon);
  for (let x = 0; x <= w; x += w / 6) ground.lineTo(x, horizon + (random() - 0.5) * unit * 0.04);
  ground.lineTo(w, h);
  ground.lineTo(0, h);
  ground.closePath();
  paint.fill(
    ground,
    setting === 'ocean' ? '#e8d6a0' : setting === 'indoor' ? palette.accent : palette.ground,
  );
  if (treatment === 'cyberpunk') {
    ctx.save();
    ctx.strokeStyle = 'rgba(0,240,255,0.5)';
    ctx.lineWidth = 2;
    for (let i = -10; i <= 10; i++) {
      ctx.beginPath();
      ctx.moveTo(w / 2 + i * unit * 0.02, horizon);
      ctx.lineTo(w / 2 + i * unit * 0.25, h);
      ctx.stroke();
    }
    for (let y = horizon; y < h; y += (h - horizon) / 8) {
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(w, y);
      ctx.stroke();
    }
    ctx.restore();
  }
}

function finish(
  ctx: SKRSContext2D,
  treatment: Treatment,
  random: () => number,
  w: number,
  h: number,
  horizon: number,
  source: Canvas,
): void {
  switch (treatment) {
    case 'photorealistic': {
      const vignette = ctx.createRadialGradient(
        w / 2,
        h / 2,
        Math.min(w, h) * 0.3,
        w / 2,
        h / 2,
        Math.max(w, h) * 0.7,
      );
      vignette.addColorStop(0, 'rgba(0,0,0,0)');
      vignette.addColorStop(1, 'rgba(0,0,0,0.55)');
      ctx.fillStyle = vignette;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = 'rgba(255,255,255,0.05)';
      for (let i = 0; i < 4000; i++) ctx.fillRect(random() * w, random() * h, 2, 2);
      break;
    }
    case 'microworld': {
      // Tilt-shift: blurred copies over the top and bottom bands, bokeh in the sky.
      const copy = createCanvas(w, h);
      copy.getContext('2d').drawImage(source, 0, 0);
      for (const [y0, y1] of [
        [0, horizon * 0.55],
        [h * 0.85, h],
      ] as const) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, y0, w, y1 - y0);
        ctx.clip();
        ctx.filter = `blur(${Math.round(Math.min(w, h) * 0.012)}px)`;
        ctx.drawImage(copy, 0, 0);
        ctx.restore();
      }
      for (let i = 0; i < 18; i++) {
        ctx.fillStyle = `rgba(255,240,200,${0.12 + random() * 0.15})`;
        ctx.beginPath();
        ctx.arc(
          random() * w,
          random() * horizon * 0.6,
          Math.min(w, h) * (0.02 + random() * 0.04),
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      break;
    }
    case 'crayon': {
      ctx.fillStyle = 'rgba(250,240,215,0.18)';
      for (let i = 0; i < 3000; i++) ctx.fillRect(random() * w, random() * h, 3, 1);
      break;
    }
    case 'cyberpunk': {
      ctx.strokeStyle = 'rgba(180,220,255,0.25)';
      ctx.lineWidth = 1.5;
      for (let i = 0; i < 300; i++) {
        const x = random() * w;
        const y = random() * h;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x - 6, y + 30);
        ctx.stroke();
      }
      break;
    }
    case 'ghibli': {
      const warm = ctx.createLinearGradient(0, 0, w, h);
      warm.addColorStop(0, 'rgba(255,230,180,0.18)');
      warm.addColorStop(1, 'rgba(255,200,150,0.08)');
      ctx.fillStyle = warm;
      ctx.fillRect(0, 0, w, h);
      break;
    }
    case 'animation':
    case 'pixelart':
      break;
  }
}

/** Size the scene is composed at for pixel art: chunky pixels, scaled up without smoothing. */
const PIXEL_SIZE = 12;

/**
 * The procedural illustrator (`local-illustrator`): a composed scene per prompt — a setting
 * from the shot's words (city, nature, space, indoor, ocean), a subject pictogram, layered
 * background — drawn with the style's palette, brushwork and finishing filters. The same
 * input gives the same picture.
 */
export class LocalIllustrator implements ImageProvider {
  readonly name = 'local-illustrator';

  generate(input: {
    prompt: string;
    keywords: readonly string[];
    style: StyleChoice;
    width: number;
    height: number;
    seed: string;
  }): Promise<GeneratedMedia> {
    const { width, height } = input;
    const { treatment, filter } = treatmentFor(input.style, input.prompt);
    const palette = PALETTES[treatment];
    const random = seededRandom(`${input.seed}|${input.prompt}`);
    const words = input.keywords.map((k) => k.toLowerCase());
    const setting =
      matchAll(SETTING_WORDS, words)[0] ?? pick(random, Object.keys(SETTING_WORDS) as Setting[]);
    const subjects = matchAll(SUBJECT_WORDS, words);
    const fallback: Subject[] = [
      'person',
      'star',
      'bulb',
      'globe',
      'book',
      'tree',
      'house',
      'heart',
    ];
    const main = subjects[0] ?? pick(random, fallback);
    const second =
      subjects[1] ??
      pick(
        random,
        fallback.filter((s) => s !== main),
      );

    const scale = treatment === 'pixelart' ? 1 / PIXEL_SIZE : 1;
    const w = Math.max(16, Math.round(width * scale));
    const h = Math.max(16, Math.round(height * scale));
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    const paint = makePainter(
      ctx,
      treatment,
      palette,
      random,
      Math.max(scale, Math.min(w, h) / 1080),
    );
    const horizon = h * (0.55 + random() * 0.15);
    drawBackground(ctx, paint, setting, palette, treatment, random, w, h, horizon);

    // Composition: the main subject on a third, a smaller second subject on the other side.
    const unit = Math.min(w, h);
    const left = random() < 0.5;
    const mainX = w * (left ? 0.33 : 0.67) + (random() - 0.5) * w * 0.06;
    const colors = [...palette.subject].sort(() => random() - 0.5);
    drawSubject(paint, main, mainX, horizon - unit * 0.08, unit * (0.45 + random() * 0.12), colors);
    drawSubject(
      paint,
      second,
      w * (left ? 0.8 : 0.2),
      horizon + unit * 0.02,
      unit * (0.18 + random() * 0.06),
      colors.slice(1).concat(colors[0]!),
    );
    finish(ctx, treatment, random, w, h, horizon, canvas);

    let out = canvas;
    if (treatment === 'pixelart' || filter) {
      out = createCanvas(width, height);
      const octx = out.getContext('2d');
      octx.imageSmoothingEnabled = treatment !== 'pixelart';
      if (filter) octx.filter = filter;
      octx.drawImage(canvas, 0, 0, width, height);
    }
    return Promise.resolve({
      bytes: out.toBuffer('image/jpeg', 90),
      extension: 'jpg',
      width,
      height,
    });
  }
}
