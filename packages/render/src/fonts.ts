import { createRequire } from 'node:module';
import path from 'node:path';
import { CAPTION_FONTS, type CaptionFont } from '@storyloom/core';

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
  family: CaptionFont;
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
  return captionFontFiles()
    .map(
      (f) =>
        `@font-face {\n  font-family: '${f.family}';\n  font-style: normal;\n  font-weight: ${f.weight};\n` +
        `  font-display: swap;\n  src: url('${prefix}${woff2Name(f.fileName)}') format('woff2'),\n` +
        `    url('${prefix}${f.fileName}') format('truetype');\n}\n`,
    )
    .join('');
}
