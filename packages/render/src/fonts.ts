import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CAPTION_FALLBACK_FONTS,
  CAPTION_FONTS,
  type CaptionFallbackFont,
  type CaptionFont,
} from '@storyloom/core';

const require = createRequire(import.meta.url);

/** npm package (OFL fonts as TTF) of each caption font. */
const PACKAGES: Readonly<Record<CaptionFont, string>> = {
  Inter: '@expo-google-fonts/inter',
  Roboto: '@expo-google-fonts/roboto',
  'Open Sans': '@expo-google-fonts/open-sans',
  Montserrat: '@expo-google-fonts/montserrat',
  Poppins: '@expo-google-fonts/poppins',
  Lato: '@expo-google-fonts/lato',
  Nunito: '@expo-google-fonts/nunito',
  'Work Sans': '@expo-google-fonts/work-sans',
  Raleway: '@expo-google-fonts/raleway',
  Oswald: '@expo-google-fonts/oswald',
};

/** The packages' folder names per weight (each family ships a subset). */
const WEIGHT_NAMES: Readonly<Record<number, string>> = {
  100: '100Thin',
  200: '200ExtraLight',
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
  900: '900Black',
};

/** Upright weights shipped for each family. */
const WEIGHTS: Readonly<Record<CaptionFont, readonly number[]>> = {
  Inter: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Roboto: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  'Open Sans': [300, 400, 500, 600, 700, 800],
  Montserrat: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Poppins: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Lato: [100, 300, 400, 700, 900],
  Nunito: [200, 300, 400, 500, 600, 700, 800, 900],
  'Work Sans': [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Raleway: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Oswald: [200, 300, 400, 500, 600, 700],
};

export interface FontFile {
  family: CaptionFont | CaptionFallbackFont;
  weight: number;
  /** Public file name, e.g. `Open-Sans-700.ttf`. */
  fileName: string;
  /** Absolute path of the TTF. */
  path: string;
}

let cached: FontFile[] | undefined;

/** Every bundled caption font file (10 families, their upright weights). */
export function captionFontFiles(): FontFile[] {
  cached ??= CAPTION_FONTS.flatMap((family) => {
    const pkg = PACKAGES[family];
    const root = path.dirname(require.resolve(`${pkg}/package.json`));
    const fileFamily = family.replaceAll(' ', '');
    return WEIGHTS[family].map((weight) => {
      const folder = WEIGHT_NAMES[weight]!;
      return {
        family,
        weight,
        fileName: `${family.replaceAll(' ', '-')}-${weight}.ttf`,
        path: path.join(root, folder, `${fileFamily}_${folder}.ttf`),
      };
    });
  });
  return cached;
}

/** The WOFF2 twin of a font file name (the same font, compressed for the web). */
export const woff2Name = (ttfName: string) => ttfName.replace(/\.ttf$/, '.woff2');

/**
 * The stylesheet that makes the browser use the same files (as WOFF2, the TTF as fallback): one @font-face per family and
 * weight, with `urlPrefix` + file name as the source.
 */
export function fontFaceCss(urlPrefix: string): string {
  const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  return (
    captionFontFiles()
      .map(
        (f) =>
          `@font-face {\n  font-family: '${f.family}';\n  font-style: normal;\n  font-weight: ${f.weight};\n` +
          `  font-display: swap;\n  src: url('${prefix}${woff2Name(f.fileName)}') format('woff2'),\n` +
          `    url('${prefix}${f.fileName}') format('truetype');\n}\n`,
      )
      .join('') + fallbackFontFaceCss(prefix)
  );
}

/** npm package of each fallback font (Noto, OFL, TTF) and the characters it is drawn for. */
const FALLBACKS: Readonly<Record<CaptionFallbackFont, { pkg: string; unicodeRange: string }>> = {
  // Latin, Greek and Cyrillic letters (Vietnamese, Turkish, Polish...) some caption fonts lack.
  'Noto Sans': { pkg: '@expo-google-fonts/noto-sans', unicodeRange: 'U+0000-052F, U+1E00-1FFF' },
  'Noto Emoji': {
    pkg: '@expo-google-fonts/noto-emoji',
    unicodeRange: 'U+00A9, U+00AE, U+200D, U+2000-2BFF, U+FE0F, U+1F000-1FAFF',
  },
  'Noto Sans Arabic': {
    pkg: '@expo-google-fonts/noto-sans-arabic',
    unicodeRange: 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF',
  },
  'Noto Sans Devanagari': {
    pkg: '@expo-google-fonts/noto-sans-devanagari',
    unicodeRange: 'U+0900-097F, U+A8E0-A8FF',
  },
  'Noto Sans Thai': { pkg: '@expo-google-fonts/noto-sans-thai', unicodeRange: 'U+0E00-0E7F' },
  'Noto Sans JP': {
    pkg: '@expo-google-fonts/noto-sans-jp',
    unicodeRange: 'U+3000-30FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FF00-FFEF',
  },
  'Noto Sans SC': {
    pkg: '@expo-google-fonts/noto-sans-sc',
    unicodeRange: 'U+3000-303F, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FF00-FFEF, U+20000-2FFFF',
  },
  'Noto Sans KR': {
    pkg: '@expo-google-fonts/noto-sans-kr',
    unicodeRange: 'U+1100-11FF, U+3130-318F, U+AC00-D7AF',
  },
};

/** Fallbacks ship regular and bold; other weights use the nearest of the two. */
const FALLBACK_WEIGHTS = [400, 700] as const;

let cachedFallbacks: FontFile[] | undefined;

/** The bundled fallback fonts (every caption language's script and emoji), regular and bold. */
export function fallbackFontFiles(): FontFile[] {
  cachedFallbacks ??= CAPTION_FALLBACK_FONTS.flatMap((family) => {
    const root = path.dirname(require.resolve(`${FALLBACKS[family].pkg}/package.json`));
    const fileFamily = family.replaceAll(' ', '');
    return FALLBACK_WEIGHTS.map((weight) => {
      const folder = WEIGHT_NAMES[weight]!;
      return {
        family,
        weight,
        fileName: `${family.replaceAll(' ', '-')}-${weight}.ttf`,
        path: path.join(root, folder, `${fileFamily}_${folder}.ttf`),
      };
    });
  });
  return cachedFallbacks;
}

/**
 * The fallbacks' @font-face rules: TTF only (the CJK files are megabytes; compressing them on
 * a request would take too long), each limited to its characters so the browser fetches one
 * only when a caption needs it.
 */
export function fallbackFontFaceCss(urlPrefix: string): string {
  const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  return fallbackFontFiles()
    .map(
      (f) =>
        `@font-face {\n  font-family: '${f.family}';\n  font-style: normal;\n  font-weight: ${f.weight};\n` +
        `  font-display: swap;\n  src: url('${prefix}${f.fileName}') format('truetype');\n` +
        `  unicode-range: ${FALLBACKS[f.family as CaptionFallbackFont].unicodeRange};\n}\n`,
    )
    .join('');
}
