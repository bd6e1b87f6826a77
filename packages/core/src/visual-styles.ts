import { z } from 'zod';
import type { ImageModelConfig } from './models';

/**
 * A visual style preset (spec 2 §3). `description` is the style prompt added to every image
 * prompt and `avoidTerms` the negative prompt. Preview media (imageUrl, videoUrl) belong to
 * the web app, which maps `value` to its own assets.
 */
export interface VisualStyle {
  readonly name: string;
  readonly value: string;
  readonly description: string;
  readonly avoidTerms: string;
  readonly imageModelConfig: ImageModelConfig;
}

const FLUX_KONTEXT: ImageModelConfig = { model: 'flux_kontext', parameters: {} };
const GPT_MEDIUM: ImageModelConfig = { model: 'gpt', parameters: { quality: 'medium' } };

/** The 7 core styles: flux_kontext for all except ghibli (gpt, quality medium). */
export const VISUAL_STYLES = [
  {
    name: 'Photorealistic',
    value: 'photorealistic',
    description:
      'photorealistic, shot on a full-frame camera, natural lighting, realistic textures and skin, shallow depth of field, cinematic composition',
    avoidTerms:
      'cartoon, illustration, painting, drawing, anime, 3d render, cgi, plastic skin, oversaturated',
    imageModelConfig: FLUX_KONTEXT,
  },
  {
    name: 'Animation',
    value: 'animation',
    description:
      '3D animated feature film style, expressive stylised characters, soft global illumination, vibrant colours, clean shapes',
    avoidTerms: 'photorealistic, photo, live action, grainy, gritty, dull colours',
    imageModelConfig: FLUX_KONTEXT,
  },
  {
    name: 'Microworld',
    value: 'microworld',
    description:
      'miniature tilt-shift world, tiny detailed diorama, macro photography, handcrafted props, soft bokeh, playful scale',
    avoidTerms: 'full-size scene, wide empty landscape, flat lighting, blurry subject',
    imageModelConfig: FLUX_KONTEXT,
  },
  {
    name: 'Crayon',
    value: 'crayon',
    description:
      "children's crayon drawing, waxy textured strokes on paper, bright primary colours, naive charming shapes",
    avoidTerms: 'photorealistic, photo, 3d render, smooth gradients, sharp vector lines',
    imageModelConfig: FLUX_KONTEXT,
  },
  {
    name: 'Pixel Art',
    value: 'pixelart',
    description:
      '16-bit pixel art, crisp visible pixels, limited retro palette, video game scene, clean dithering',
    avoidTerms: 'photorealistic, smooth shading, blur, anti-aliasing, high-resolution painting',
    imageModelConfig: FLUX_KONTEXT,
  },
  {
    name: 'Ghibli',
    value: 'ghibli',
    description:
      'hand-painted Japanese animation film style, watercolour backgrounds, warm nostalgic light, gentle pastoral atmosphere, soft cel shading',
    avoidTerms: 'photorealistic, photo, 3d render, harsh neon, gritty, horror',
    imageModelConfig: GPT_MEDIUM,
  },
  {
    name: 'Cyberpunk',
    value: 'cyberpunk',
    description:
      'cyberpunk city at night, neon magenta and cyan lights, rain-slick streets, holograms, high contrast, futuristic tech',
    avoidTerms: 'daylight pastoral, rustic, pastel, medieval, washed-out colours',
    imageModelConfig: FLUX_KONTEXT,
  },
] as const satisfies readonly VisualStyle[];

export type StyleGridKind = 'preset' | 'custom' | 'auto';

export interface StyleGridEntry {
  readonly name: string;
  readonly value: string;
  readonly kind: StyleGridKind;
  readonly description: string;
  readonly avoidTerms: string;
  /** Absent for Custom and Auto Style: the form's own image model stays. */
  readonly imageModelConfig?: ImageModelConfig;
}

/** Value of the Auto Style entry: the pipeline picks a style from the content. */
export const AUTO_STYLE_VALUE = 'auto';
/** Value of the Custom entry: the user's free text becomes the style description. */
export const CUSTOM_STYLE_VALUE = 'custom';

function extra(
  name: string,
  value: string,
  description: string,
  avoidTerms: string,
): StyleGridEntry {
  return { name, value, kind: 'preset', description, avoidTerms, imageModelConfig: FLUX_KONTEXT };
}

/** The 20 built-in styles of the style grid: Auto Style, the 7 core styles, 11 more, Custom. */
export const STYLE_GRID: readonly StyleGridEntry[] = [
  {
    name: 'Auto Style',
    value: AUTO_STYLE_VALUE,
    kind: 'auto',
    description: 'a style chosen to suit the story and music',
    avoidTerms: '',
  },
  ...VISUAL_STYLES.map((style): StyleGridEntry => ({ ...style, kind: 'preset' })),
  extra(
    'Watercolor',
    'watercolor',
    'loose watercolour painting, soft bleeding pigments, paper texture, airy light washes',
    'photorealistic, photo, hard outlines, 3d render',
  ),
  extra(
    'Comic Book',
    'comic',
    'western comic book art, bold ink outlines, halftone shading, dynamic panels energy, saturated flat colours',
    'photorealistic, photo, soft blur, muted colours',
  ),
  extra(
    'Anime',
    'anime',
    'modern anime key visual, clean line art, cel shading, expressive eyes, vivid sky gradients',
    'photorealistic, photo, 3d render, western cartoon',
  ),
  extra(
    'Claymation',
    'claymation',
    'stop-motion claymation, handmade plasticine figures with fingerprints, miniature sets, warm studio light',
    'photorealistic, photo, flat illustration, glossy cgi',
  ),
  extra(
    'Low Poly',
    'lowpoly',
    'low-poly 3d scene, faceted geometric shapes, flat shaded polygons, pastel gradient lighting',
    'photorealistic, photo, high-detail textures, painterly strokes',
  ),
  extra(
    'Film Noir',
    'film-noir',
    'black and white film noir, hard shadows through blinds, smoky atmosphere, 1940s detective mood',
    'colour, bright daylight, cartoon, cheerful pastel',
  ),
  extra(
    'Vintage Film',
    'vintage-film',
    '1970s 35mm film photograph, warm faded colours, film grain, light leaks, nostalgic mood',
    'digital sharpness, neon, cartoon, 3d render',
  ),
  extra(
    'Oil Painting',
    'oil-painting',
    'classical oil painting, visible impasto brush strokes, rich chiaroscuro lighting, canvas texture',
    'photo, flat vector, cartoon, 3d render',
  ),
  extra(
    'Pencil Sketch',
    'sketch',
    'graphite pencil sketch, cross-hatching, rough construction lines, sketchbook paper',
    'colour, photo, 3d render, smooth digital painting',
  ),
  extra(
    'Paper Cut',
    'papercut',
    'layered paper-cut craft, cut-out shapes with soft drop shadows, handmade depth, pastel cardstock',
    'photorealistic, photo, glossy, neon',
  ),
  extra(
    'Fantasy',
    'fantasy',
    'epic fantasy illustration, magical glowing light, sweeping landscapes, ornate detail, painterly finish',
    'modern city, mundane office, photo, flat colours',
  ),
  {
    name: 'Custom',
    value: CUSTOM_STYLE_VALUE,
    kind: 'custom',
    description: '',
    avoidTerms: '',
  },
];

export const CUSTOM_STYLE_MAX = 200;

/**
 * A visual style on the wire: a style grid value, or the free text of a Custom style
 * (up to 200 characters).
 */
export const visualStyleSchema = z.string().trim().min(1).max(CUSTOM_STYLE_MAX);

export function findStyle(value: string | null | undefined): StyleGridEntry | undefined {
  return STYLE_GRID.find((entry) => entry.value === value);
}

/** The image model a style preset sets, if it sets one (spec 2 §4). */
export function styleImageModelConfig(
  value: string | null | undefined,
): ImageModelConfig | undefined {
  return findStyle(value)?.imageModelConfig;
}

/** Default style: auto in music forms, photorealistic in the script form (spec 2 §9). */
export const DEFAULT_SCRIPT_VISUAL_STYLE = 'photorealistic';
export const DEFAULT_MUSIC_VISUAL_STYLE = AUTO_STYLE_VALUE;

/**
 * A style's name as shown where `imageProvider` draws the pictures: the offline illustrator
 * composes flat icon art, so its "photorealistic" is labelled honestly as a flat illustration
 * (the value stays the spec's).
 */
export function styleLabel(style: { value: string; name: string }, imageProvider?: string): string {
  return imageProvider === 'local-illustrator' && style.value === 'photorealistic'
    ? 'Flat illustration'
    : style.name;
}
