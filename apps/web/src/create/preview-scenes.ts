import type { AsmrType, MusicVideoFormType } from '@storyloom/core';

/**
 * What the creation forms' preview media show (made at build time by
 * `scripts/make-previews.ts` with the local illustrator) and where the app finds them. Bump
 * the version when a scene changes, so the next build draws them again.
 */
export const PREVIEWS_VERSION = '1';

/** The scene drawn in every visual style of the style grid, so the styles compare. */
export const STYLE_PREVIEW_SCENE = 'A fox and a lighthouse by the sea at sunset';

/**
 * Each ASMR style's scene, worded so the illustrator draws the style's own objects (the
 * template text "Hands kneading slime…" drew waving people).
 */
export const ASMR_PREVIEW_SCENES: Readonly<Record<AsmrType, string>> = {
  Cutting: 'A knife cutting a kiwi fruit in a kitchen',
  Slime: 'A test tube and a sponge with soap bubbles in a lab',
  Keyboard: 'A keyboard and a computer mouse on a desk',
  Smear: 'Butter spread on bread with a knife',
  Petridish: 'A petri dish with microbes and a microscope in a lab',
  Magicpens: 'A fountain pen drawing with crayons and sparkles',
  Bedroom: 'A bed and a teddy bear in a bedroom',
  Upstairs: 'Footprints on a ladder',
};

/** The chooser's hover clip of each music-video type: three scenes in one style. */
export const MUSIC_VIDEO_PREVIEW_SCENES: Readonly<
  Record<MusicVideoFormType, { style: string; scenes: readonly string[] }>
> = {
  'singing-dancing': {
    style: 'animation',
    scenes: [
      'A singer with a microphone on a stage at night',
      'A dancer dancing on a stage with lights',
      'A singer with a guitar on a stage',
    ],
  },
  'lyrics-video': {
    style: 'crayon',
    scenes: [
      'Musical notes over a city at sunset',
      'A guitar and musical notes in a park',
      'Headphones and musical notes at night',
    ],
  },
  'consistent-character': {
    style: 'ghibli',
    scenes: [
      'A girl walking a dog in a park',
      'A girl reading a book in a cafe',
      'A girl looking at the stars at night',
    ],
  },
  'consistent-style': {
    style: 'pixelart',
    scenes: [
      'A lighthouse by the sea',
      'A cabin in the mountains in the snow',
      'A city street at night in the rain',
    ],
  },
};

/** Where the built app serves them. */
export const previewUrls = {
  style: (value: string) => `/previews/styles/${value}.jpg`,
  asmr: (type: AsmrType) => `/previews/asmr/${type}.jpg`,
  musicVideoClip: (type: MusicVideoFormType) => `/previews/music-video/${type}.mp4`,
  musicVideoPoster: (type: MusicVideoFormType) => `/previews/music-video/${type}.jpg`,
};
