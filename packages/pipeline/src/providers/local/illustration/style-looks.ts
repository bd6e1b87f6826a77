import type { StyleChoice } from '../../provider-types';
import { hashText } from '../seeded-random';
import {
  bloom,
  blinds,
  brushStrokes,
  grade,
  grain,
  halftone,
  hatching,
  inkEdges,
  lightLeak,
  panelFrame,
  pixelate,
  relief,
  scanlines,
  SEPIA,
  sparkles,
  texture,
  tiltShift,
  triangles,
  vignette,
  washes,
  type Pass,
} from './image-passes';
import type { Mood, Setting, TimeOfDay } from './scene-words';

/** How a style treats a picture: its subjects' layer, its background, and finishing passes. */
export interface Look {
  /** An outline around every subject, as a fraction of the picture's short side. */
  outline?: { colour: string; width: number };
  /** A drop shadow cast by the subjects' layer. */
  shadow?: { colour: string; blur: number; dx: number; dy: number };
  /** Light and shade over the subjects, so flat icons read as rounded forms. */
  volume?: number;
  /** Background blur (depth of field), as a fraction of the short side. */
  depthBlur?: number;
  /** The style's own time of day (cyberpunk is always night). */
  time?: TimeOfDay;
  /** Passes over the background alone, before the subjects are laid on it (they stay opaque). */
  backgroundPasses?: Pass[];
  passes: Pass[];
}

const SWEETIE_16 = [
  '#1a1c2c',
  '#5d275d',
  '#b13e53',
  '#ef7d57',
  '#ffcd75',
  '#a7f070',
  '#38b764',
  '#257179',
  '#29366f',
  '#3b5dc9',
  '#41a6f6',
  '#73eff7',
  '#f4f4f4',
  '#94b0c2',
  '#566c86',
  '#333c57',
];

/** Every preset of the style grid (spec 2 §3) as a distinct treatment. */
export const STYLE_LOOKS: Record<string, Look> = {
  photorealistic: {
    shadow: { colour: 'rgba(0,0,0,0.45)', blur: 0.03, dx: 0.01, dy: 0.02 },
    volume: 0.35,
    depthBlur: 0.006,
    passes: [grade({ saturation: 0.85, contrast: 1.12 }), vignette(0.45), grain(10)],
  },
  animation: {
    shadow: { colour: 'rgba(20,30,80,0.35)', blur: 0.025, dx: 0, dy: 0.015 },
    volume: 0.45,
    passes: [grade({ saturation: 1.35, brightness: 1.06 }), bloom(0.35, 0.03)],
  },
  microworld: {
    shadow: { colour: 'rgba(60,30,0,0.5)', blur: 0.02, dx: 0.008, dy: 0.012 },
    volume: 0.3,
    passes: [grade({ saturation: 1.5, contrast: 1.2 }), tiltShift, vignette(0.55, '#3a1a00')],
  },
  crayon: {
    outline: { colour: '#2a2a2a', width: 0.005 },
    passes: [
      // No posterising: its bands drew the sun's soft glow as a pale arch over the sky.
      grade({ saturation: 1.5, contrast: 1.05, brightness: 1.05 }),
      inkEdges({ colour: '#303030', strength: 1.2, width: 3 }),
      texture('paper', 0.35),
      grain(60, false),
    ],
  },
  pixelart: {
    outline: { colour: '#1a1c2c', width: 0.008 },
    passes: [pixelate(0.012, SWEETIE_16)],
  },
  ghibli: {
    outline: { colour: '#5a4634', width: 0.0025 },
    passes: [
      grade({ saturation: 0.9, offset: [14, 8, -6], fade: 12 }),
      bloom(0.4, 0.04),
      texture('paper', 0.12),
    ],
  },
  cyberpunk: {
    outline: { colour: '#ff2bd6', width: 0.004 },
    shadow: { colour: 'rgba(0,240,255,0.9)', blur: 0.03, dx: 0, dy: 0 },
    time: 'night',
    passes: [
      grade({ matrix: [1.1, 0, 0.3, 0, 0.8, 0.3, 0.2, 0.3, 1.3], saturation: 1.4, contrast: 1.2 }),
      bloom(0.6, 0.025),
      scanlines(0.18),
    ],
  },
  watercolor: {
    // The washes and the faded paper tone soak the background only: a subject painted over it
    // stays opaque.
    backgroundPasses: [grade({ saturation: 0.75, brightness: 1.12, fade: 18 }), washes],
    passes: [
      grade({ saturation: 0.9 }),
      inkEdges({ colour: '#6b5a7a', strength: 0.5, width: 2 }),
      texture('paper', 0.25),
    ],
  },
  comic: {
    outline: { colour: '#111111', width: 0.007 },
    passes: [
      grade({ saturation: 1.5, contrast: 1.15, brightness: 1.12, levels: 4 }),
      halftone(0.01, 0.3),
      inkEdges({ colour: '#111111', strength: 1.6, width: 2 }),
      panelFrame,
    ],
  },
  anime: {
    outline: { colour: '#2b2140', width: 0.003 },
    passes: [
      grade({ saturation: 1.3, contrast: 1.1, offset: [-6, 0, 14], levels: 6 }),
      inkEdges({ colour: '#2b2140', strength: 1, width: 1 }),
      sparkles(14, '#ffffff'),
    ],
  },
  claymation: {
    shadow: { colour: 'rgba(50,30,10,0.55)', blur: 0.02, dx: 0.012, dy: 0.018 },
    volume: 0.5,
    passes: [
      grade({ saturation: 1.2, offset: [10, 4, -8] }),
      relief(0.9),
      texture('fingerprints', 0.25),
      vignette(0.25),
    ],
  },
  lowpoly: {
    passes: [triangles(0.035), grade({ saturation: 0.9, brightness: 1.08 })],
  },
  'film-noir': {
    shadow: { colour: 'rgba(0,0,0,0.7)', blur: 0.01, dx: 0.03, dy: 0.01 },
    passes: [
      grade({ saturation: 0, contrast: 1.7, brightness: 0.85 }),
      blinds(0.35),
      vignette(0.7),
      grain(24),
    ],
  },
  'vintage-film': {
    passes: [
      grade({ matrix: SEPIA, saturation: 0.7, fade: 34, contrast: 0.9 }),
      lightLeak('#ff7a30', 0.5),
      grain(30),
      vignette(0.5, '#2a1a0a'),
    ],
  },
  'oil-painting': {
    volume: 0.35,
    passes: [
      grade({ saturation: 1.25, contrast: 1.25, offset: [6, 0, -10] }),
      brushStrokes(0.018),
      texture('canvas', 0.12),
      vignette(0.35, '#1a0f05'),
    ],
  },
  sketch: {
    passes: [
      inkEdges({ colour: '#1e1e26', strength: 3, width: 2 }),
      grade({ saturation: 0, contrast: 0.75, brightness: 1.2, fade: 16 }),
      hatching(0.008, 'rgba(50,50,60,0.5)'),
      texture('paper', 0.2),
    ],
  },
  papercut: {
    shadow: { colour: 'rgba(40,30,20,0.45)', blur: 0.015, dx: 0.006, dy: 0.01 },
    passes: [
      grade({ saturation: 0.75, brightness: 1.1, fade: 20, levels: 5 }),
      relief(0.35),
      texture('paper', 0.18),
    ],
  },
  fantasy: {
    shadow: { colour: 'rgba(255,220,140,0.7)', blur: 0.04, dx: 0, dy: 0 },
    volume: 0.3,
    passes: [
      grade({ matrix: [1, 0, 0.15, 0, 0.95, 0.15, 0.1, 0.1, 1.15], saturation: 1.3 }),
      bloom(0.55, 0.04),
      sparkles(30, '#ffe9a8'),
      vignette(0.4, '#1a0830'),
    ],
  },
};

const PRESETS = Object.keys(STYLE_LOOKS);

/** Words of a Custom style's text that name a treatment. */
const CUSTOM_WORDS: [RegExp, string][] = [
  [/photo|realis|camera|cinematic/, 'photorealistic'],
  [/pixel|8-bit|16-bit|retro game/, 'pixelart'],
  [/water ?colou?r/, 'watercolor'],
  [/comic|manga panel|halftone/, 'comic'],
  [/anime|manga/, 'anime'],
  [/clay|plasticine|stop.?motion/, 'claymation'],
  [/low.?poly|polygon/, 'lowpoly'],
  [/noir|black and white|monochrome/, 'film-noir'],
  [/vintage|retro|film grain|70s|1970/, 'vintage-film'],
  [/oil|impasto|canvas/, 'oil-painting'],
  [/sketch|pencil|graphite|charcoal/, 'sketch'],
  [/paper|cut.?out|origami/, 'papercut'],
  [/fantasy|magic|fairy/, 'fantasy'],
  [/neon|cyber|futur/, 'cyberpunk'],
  [/crayon|child|kid/, 'crayon'],
  [/ghibli|pastoral|hand.?painted/, 'ghibli'],
  [/miniature|tilt|diorama/, 'microworld'],
  [/cartoon|3d|pixar|animat/, 'animation'],
];

/** Auto Style: a treatment suited to the scene's mood and setting. */
function autoStyle(mood: Mood, setting: Setting, time: TimeOfDay): string {
  if (mood === 'eerie') return 'film-noir';
  if (mood === 'warm') return 'ghibli';
  if (mood === 'sombre' || mood === 'calm') return 'watercolor';
  if (mood === 'dramatic') return 'fantasy';
  if (mood === 'bright') return 'animation';
  if (time === 'night' && (setting === 'street' || setting === 'city')) return 'cyberpunk';
  if (setting === 'space' || setting === 'underwater') return 'animation';
  if (setting === 'forest' || setting === 'countryside' || setting === 'lake') return 'ghibli';
  return 'animation';
}

/**
 * The treatment a style value gets: a grid preset's own; Auto Style one suited to the scene;
 * a Custom style's text the treatment its words name, else a stable pick from the text.
 */
export function styleLookName(
  style: StyleChoice,
  scene: { mood: Mood; setting: Setting; time: TimeOfDay },
): string {
  if (STYLE_LOOKS[style.value]) return style.value;
  if (style.value === 'auto') return autoStyle(scene.mood, scene.setting, scene.time);
  const text = `${style.value === 'custom' ? '' : style.value} ${style.description}`.toLowerCase();
  for (const [pattern, name] of CUSTOM_WORDS) if (pattern.test(text)) return name;
  return PRESETS[hashText(text) % PRESETS.length]!;
}
