import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CAPTION_FALLBACK_FONTS,
  CAPTION_FONTS,
  type CaptionFallbackFont,
  type CaptionFont,
} from '@storyloom/core';
import { withoutTables } from './sfnt';

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

/** How the fallback fonts are bundled and which characters each is drawn for. */
interface Fallback {
  /** npm package (OFL font files as TTF). */
  pkg: string;
  /** The characters the browser fetches it for (its @font-face `unicode-range`). */
  unicodeRange: string;
  /** Its weights, when not regular and bold. */
  weights?: readonly number[];
  /**
   * Tables the browser's copy leaves out: tables the browser never draws with, which the
   * exporter does not use either.
   */
  notForBrowser?: readonly string[];
}

/** The fallback fonts (Noto, OFL) and the characters each is drawn for. */
const FALLBACKS: Readonly<Record<CaptionFallbackFont, Fallback>> = {
  // Latin, Greek and Cyrillic letters (Vietnamese, Turkish, Polish...) some caption fonts lack.
  'Noto Sans': { pkg: '@expo-google-fonts/noto-sans', unicodeRange: 'U+0000-052F, U+1E00-1FFF' },
  // Colour emoji (COLRv1, which Skia and Chromium draw in colour), one weight. Its range is
  // the emoji of the font's character map, without ASCII, punctuation and the symbols the
  // caption fonts and Noto Sans draw (™, ‼), so a caption with digits or curly quotes does
  // not fetch it. The font also holds the same emoji as SVG pictures (20 of its 25 MB) for
  // browsers without COLRv1; Chromium and Skia draw COLRv1, so the browser's copy leaves
  // them out (5 MB, 2.8 MB gzipped).
  'Noto Color Emoji': {
    pkg: '@expo-google-fonts/noto-color-emoji',
    unicodeRange:
      'U+20E3, U+2194-21AA, U+231A-23FA, U+24C2, U+25AA-25FE, U+2600-27BF, U+2934-2935, ' +
      'U+2B05-2B55, U+3030, U+303D, U+3297, U+3299, U+1F000-1FAFF, U+E0020-E007F',
    weights: [400],
    notForBrowser: ['SVG '],
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
    const fallback = FALLBACKS[family];
    const root = path.dirname(require.resolve(`${fallback.pkg}/package.json`));
    const fileFamily = family.replaceAll(' ', '');
    return (fallback.weights ?? FALLBACK_WEIGHTS).map((weight) => {
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
 * The bytes of a font file as served to the browser: the file itself, less the tables the
 * browser does not draw with (the colour emoji's SVG pictures).
 */
export async function browserFontBytes(file: FontFile): Promise<Buffer> {
  const bytes = await readFile(file.path);
  const drop = notForBrowser(file);
  return drop ? withoutTables(bytes, drop) : bytes;
}

/** The tables a font file's browser copy leaves out, if any. */
export const notForBrowser = (file: FontFile): readonly string[] | undefined =>
  Object.hasOwn(FALLBACKS, file.family)
    ? FALLBACKS[file.family as CaptionFallbackFont].notForBrowser
    : undefined;

/**
 * The fallbacks' @font-face rules: TTF only (the CJK files are megabytes; compressing them on
 * a request would take too long), each limited to its characters so the browser fetches one
 * only when a caption needs it. A font of one weight serves every weight (no synthetic bold).
 */
export function fallbackFontFaceCss(urlPrefix: string): string {
  const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  return fallbackFontFiles()
    .map((f) => {
      const fallback = FALLBACKS[f.family as CaptionFallbackFont];
      const weight = fallback.weights?.length === 1 ? '100 900' : String(f.weight);
      return (
        `@font-face {\n  font-family: '${f.family}';\n  font-style: normal;\n  font-weight: ${weight};\n` +
        `  font-display: swap;\n  src: url('${prefix}${f.fileName}') format('truetype');\n` +
        `  unicode-range: ${fallback.unicodeRange};\n}\n`
      );
    })
    .join('');
}
