import { z } from 'zod';

/** The 10 bundled caption fonts (spec 3 §9). */
export const CAPTION_FONTS = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Montserrat',
  'Poppins',
  'Lato',
  'Nunito',
  'Work Sans',
  'Raleway',
  'Oswald',
] as const;
export const captionFontSchema = z.enum(CAPTION_FONTS);

/**
 * Fallback fonts drawn for characters the caption font lacks, in this order (bundled Noto fonts,
 * OFL): every one of the 24 caption languages and emoji draws with real glyphs, the same files
 * in the browser and in the export.
 */
export const CAPTION_FALLBACK_FONTS = [
  'Noto Sans',
  'Noto Color Emoji',
  'Noto Sans Arabic',
  'Noto Sans Devanagari',
  'Noto Sans Thai',
  'Noto Sans JP',
  'Noto Sans SC',
  'Noto Sans KR',
] as const;
export type CaptionFallbackFont = (typeof CAPTION_FALLBACK_FONTS)[number];
export type CaptionFont = z.infer<typeof captionFontSchema>;

/** Caption detection languages (spec 3 §9); 'auto' is the default and is omitted on the wire. */
export const CAPTION_LANGUAGES = [
  'auto',
  'en',
  'zh',
  'es',
  'fr',
  'de',
  'ja',
  'ko',
  'pt',
  'ru',
  'ar',
  'hi',
  'it',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'tr',
  'th',
  'vi',
  'ms',
  'tl',
] as const;
export const captionLanguageSchema = z.enum(CAPTION_LANGUAGES);
export type CaptionLanguage = z.infer<typeof captionLanguageSchema>;
export const DEFAULT_CAPTION_LANGUAGE: CaptionLanguage = 'auto';

export const CAPTION_LANGUAGE_LABELS: Readonly<Record<CaptionLanguage, string>> = {
  auto: 'Auto detect',
  en: 'English',
  zh: 'Chinese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  ja: 'Japanese',
  ko: 'Korean',
  pt: 'Portuguese',
  ru: 'Russian',
  ar: 'Arabic',
  hi: 'Hindi',
  it: 'Italian',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  nb: 'Norwegian Bokmål',
  fi: 'Finnish',
  pl: 'Polish',
  tr: 'Turkish',
  th: 'Thai',
  vi: 'Vietnamese',
  ms: 'Malay',
  tl: 'Tagalog',
};

/** Slider and typed-input bounds of the caption editor (spec 3 §5). */
export const CAPTION_BOUNDS = {
  fontSize: { min: 8, max: 120 },
  fontWeight: { min: 100, max: 900, step: 100 },
  letterSpacing: { min: -5, max: 20 },
  lineHeight: { min: 0.5, max: 3, step: 0.1 },
  /** Offset from the bottom, percent of the frame height. */
  height: { min: 5, max: 100 },
  /** Width in percent: the slider runs 30–100, typed input 10–100. */
  maxWidth: { min: 10, max: 100, sliderMin: 30 },
} as const;

/** Colours are stored as rgba() with an alpha of at most two decimals (spec 3 §3). */
export const RGBA_PATTERN =
  /^rgba\(\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(0(\.\d{1,2})?|1(\.0{1,2})?|\.\d{1,2})\s*\)$/;
export const rgbaColorSchema = z.string().regex(RGBA_PATTERN, 'Colour must be rgba(r, g, b, a)');

/** Formats a colour the way it is stored: rgba(r, g, b, a.aa). */
export function formatRgba(red: number, green: number, blue: number, alpha: number): string {
  const channel = (value: number) => Math.min(255, Math.max(0, Math.round(value)));
  const a = Math.min(1, Math.max(0, alpha));
  return `rgba(${channel(red)}, ${channel(green)}, ${channel(blue)}, ${a.toFixed(2)})`;
}

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() or rgba() into the stored rgba() form; null if not a colour. */
export function normalizeColor(input: string): string | null {
  const text = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const byte = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
    const alpha = full.length === 8 ? byte(3) / 255 : 1;
    return formatRgba(byte(0), byte(1), byte(2), alpha);
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(
    text,
  );
  if (fn) {
    const [red, green, blue] = [Number(fn[1]), Number(fn[2]), Number(fn[3])];
    const alpha = fn[4] === undefined ? 1 : Number(fn[4]);
    if ([red, green, blue, alpha].some((value) => !Number.isFinite(value))) return null;
    if (red > 255 || green > 255 || blue > 255 || alpha > 1) return null;
    return formatRgba(red, green, blue, alpha);
  }
  return null;
}

/**
 * A complete caption style (spec 3 §3). shadowColor and strokeColor are our additions so the
 * presets' shadows can be drawn; both are optional.
 */
export const captionStyleSchema = z.object({
  fontFamily: captionFontSchema,
  /** px */
  fontSize: z.number().min(CAPTION_BOUNDS.fontSize.min).max(CAPTION_BOUNDS.fontSize.max),
  color: rgbaColorSchema,
  backgroundColor: rgbaColorSchema,
  fontWeight: z
    .number()
    .int()
    .min(CAPTION_BOUNDS.fontWeight.min)
    .max(CAPTION_BOUNDS.fontWeight.max)
    .multipleOf(CAPTION_BOUNDS.fontWeight.step),
  /** px */
  borderRadius: z.number().min(0).max(100),
  /** px */
  letterSpacing: z
    .number()
    .min(CAPTION_BOUNDS.letterSpacing.min)
    .max(CAPTION_BOUNDS.letterSpacing.max),
  lineHeight: z.number().min(CAPTION_BOUNDS.lineHeight.min).max(CAPTION_BOUNDS.lineHeight.max),
  /** percent of the frame width */
  maxWidth: z.number().min(CAPTION_BOUNDS.maxWidth.min).max(CAPTION_BOUNDS.maxWidth.max),
  /** offset from the bottom, percent of the frame height */
  height: z.number().min(CAPTION_BOUNDS.height.min).max(CAPTION_BOUNDS.height.max),
  shadowColor: rgbaColorSchema.optional(),
  strokeColor: rgbaColorSchema.optional(),
});
export type CaptionStyle = z.infer<typeof captionStyleSchema>;

/** A caption style override: any subset of the fields (item styles and the global style). */
export const captionStyleOverrideSchema = captionStyleSchema.partial();
export type CaptionStyleOverride = z.infer<typeof captionStyleOverrideSchema>;

const WHITE = 'rgba(255, 255, 255, 1.00)';
const BLACK = 'rgba(0, 0, 0, 1.00)';
const TRANSPARENT = 'rgba(0, 0, 0, 0.00)';

/**
 * Default caption style (spec 3 §9): max width 70%, weight 700, size 22, line height 1.3,
 * offset height 24, font Inter; white text with a light stroke. Wrapping preserves the
 * caption's own line breaks and captions sit at the bottom.
 */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = {
  fontFamily: 'Inter',
  fontSize: 22,
  color: WHITE,
  backgroundColor: TRANSPARENT,
  fontWeight: 700,
  borderRadius: 0,
  letterSpacing: 0,
  lineHeight: 1.3,
  maxWidth: 70,
  height: 24,
  strokeColor: 'rgba(0, 0, 0, 0.35)',
};

export const CAPTION_PRESET_NAMES = [
  'default',
  'white_shadow',
  'white_gray_shadow',
  'white_black_shadow',
  'black_text',
  'yellow_black_shadow',
  'black_green_shadow',
  'orange_red_shadow',
  'black_yellow_bg',
  'white_blue_bg',
  'white_dark_blue_bg',
  'white_centered_blue_bg',
] as const;
export const captionPresetNameSchema = z.enum(CAPTION_PRESET_NAMES);
export type CaptionPresetName = z.infer<typeof captionPresetNameSchema>;

function preset(override: Partial<CaptionStyle>): CaptionStyle {
  const { strokeColor: _stroke, ...base } = DEFAULT_CAPTION_STYLE;
  return { ...base, ...override };
}

const BLUE = 'rgba(37, 99, 235, 1.00)';
const YELLOW = 'rgba(255, 214, 0, 1.00)';

/** The 12 caption presets (spec 3 §9); each look follows its name. */
export const CAPTION_PRESETS: Readonly<Record<CaptionPresetName, CaptionStyle>> = {
  default: DEFAULT_CAPTION_STYLE,
  white_shadow: preset({ color: WHITE, shadowColor: 'rgba(0, 0, 0, 0.60)' }),
  white_gray_shadow: preset({ color: WHITE, shadowColor: 'rgba(96, 96, 96, 0.90)' }),
  white_black_shadow: preset({ color: WHITE, shadowColor: BLACK, strokeColor: BLACK }),
  black_text: preset({ color: BLACK }),
  yellow_black_shadow: preset({ color: YELLOW, shadowColor: BLACK }),
  black_green_shadow: preset({ color: BLACK, shadowColor: 'rgba(34, 197, 94, 1.00)' }),
  orange_red_shadow: preset({
    color: 'rgba(255, 140, 0, 1.00)',
    shadowColor: 'rgba(220, 38, 38, 1.00)',
  }),
  black_yellow_bg: preset({ color: BLACK, backgroundColor: YELLOW, borderRadius: 6 }),
  white_blue_bg: preset({ color: WHITE, backgroundColor: BLUE, borderRadius: 6 }),
  white_dark_blue_bg: preset({
    color: WHITE,
    backgroundColor: 'rgba(30, 41, 89, 1.00)',
    borderRadius: 6,
  }),
  white_centered_blue_bg: preset({
    color: WHITE,
    backgroundColor: BLUE,
    borderRadius: 6,
    height: 50,
  }),
};

/** The style in effect: defaults, then the global style, then the item's own style. */
export function resolveCaptionStyle(
  globalStyle?: CaptionStyleOverride | null,
  itemStyle?: CaptionStyleOverride | null,
): CaptionStyle {
  return { ...DEFAULT_CAPTION_STYLE, ...(globalStyle ?? {}), ...(itemStyle ?? {}) };
}

export interface CaptionRenderSizing {
  /** px at the output size */
  fontSize: number;
  /** percent of the frame width */
  maxWidthPercent: number;
  /** percent of the frame height from the bottom */
  bottomPercent: number;
}

/**
 * Caption sizing at render (spec 3 §9). Landscape (and square): font 24–72 from
 * width ÷ 1920 × 54, width 70%, bottom 16%. Portrait: font 16–48 from width ÷ 416 × 22,
 * width 74%, bottom 18%.
 */
export function captionRenderSizing(width: number, height: number): CaptionRenderSizing {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  if (height > width) {
    return { fontSize: clamp((width / 416) * 22, 16, 48), maxWidthPercent: 74, bottomPercent: 18 };
  }
  return { fontSize: clamp((width / 1920) * 54, 24, 72), maxWidthPercent: 70, bottomPercent: 16 };
}
