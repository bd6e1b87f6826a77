import { describe, expect, it } from 'vitest';
import {
  CAPTION_FONTS,
  CAPTION_LANGUAGES,
  CAPTION_PRESET_NAMES,
  CAPTION_PRESETS,
  captionRenderSizing,
  captionStyleSchema,
  DEFAULT_CAPTION_STYLE,
  formatRgba,
  normalizeColor,
  resolveCaptionStyle,
} from './index';

describe('caption catalogues', () => {
  it('has 10 fonts, 24 languages (auto first) and 12 presets', () => {
    expect(CAPTION_FONTS).toHaveLength(10);
    expect(CAPTION_LANGUAGES).toHaveLength(24);
    expect(CAPTION_LANGUAGES[0]).toBe('auto');
    expect(CAPTION_PRESET_NAMES).toHaveLength(12);
    expect(Object.keys(CAPTION_PRESETS)).toEqual([...CAPTION_PRESET_NAMES]);
  });

  it('every preset is a valid style and presets differ from each other', () => {
    for (const style of Object.values(CAPTION_PRESETS))
      expect(captionStyleSchema.parse(style)).toEqual(style);
    const looks = new Set(Object.values(CAPTION_PRESETS).map((style) => JSON.stringify(style)));
    expect(looks.size).toBe(12);
  });

  it('presets follow their names', () => {
    expect(CAPTION_PRESETS.black_text.color).toBe('rgba(0, 0, 0, 1.00)');
    expect(CAPTION_PRESETS.black_yellow_bg.backgroundColor).not.toBe('rgba(0, 0, 0, 0.00)');
    expect(CAPTION_PRESETS.white_centered_blue_bg.height).toBe(50);
    expect(CAPTION_PRESETS.yellow_black_shadow.shadowColor).toBe('rgba(0, 0, 0, 1.00)');
  });

  it('default style matches spec 3 §9', () => {
    expect(DEFAULT_CAPTION_STYLE).toMatchObject({
      maxWidth: 70,
      fontWeight: 700,
      fontSize: 22,
      lineHeight: 1.3,
      height: 24,
      fontFamily: 'Inter',
    });
  });
});

describe('caption style validation', () => {
  it.each([
    ['fontSize', 7],
    ['fontSize', 121],
    ['fontWeight', 450],
    ['fontWeight', 1000],
    ['letterSpacing', -6],
    ['letterSpacing', 21],
    ['lineHeight', 0.4],
    ['lineHeight', 3.1],
    ['height', 4],
    ['maxWidth', 9],
    ['maxWidth', 101],
    ['color', '#ffffff'],
    ['color', 'rgba(256, 0, 0, 1)'],
    ['color', 'rgba(0, 0, 0, 0.123)'],
    ['fontFamily', 'Comic Sans'],
  ])('rejects %s = %s', (key, value) => {
    expect(captionStyleSchema.safeParse({ ...DEFAULT_CAPTION_STYLE, [key]: value }).success).toBe(
      false,
    );
  });

  it('accepts bounds', () => {
    for (const [key, value] of [
      ['fontSize', 8],
      ['fontSize', 120],
      ['fontWeight', 100],
      ['letterSpacing', -5],
      ['lineHeight', 3],
      ['height', 100],
      ['maxWidth', 10],
      ['color', 'rgba(1,2,3,0.5)'],
    ] as const) {
      expect(captionStyleSchema.safeParse({ ...DEFAULT_CAPTION_STYLE, [key]: value }).success).toBe(
        true,
      );
    }
  });
});

describe('colours', () => {
  it('formats rgba with two decimals', () => {
    expect(formatRgba(255, 0, 10.4, 0.5)).toBe('rgba(255, 0, 10, 0.50)');
    expect(formatRgba(300, -5, 0, 2)).toBe('rgba(255, 0, 0, 1.00)');
  });

  it.each([
    ['#fff', 'rgba(255, 255, 255, 1.00)'],
    ['#00000080', 'rgba(0, 0, 0, 0.50)'],
    ['#1e90ff', 'rgba(30, 144, 255, 1.00)'],
    ['rgb(1, 2, 3)', 'rgba(1, 2, 3, 1.00)'],
    ['rgba(1,2,3,0.333)', 'rgba(1, 2, 3, 0.33)'],
    ['blue', null],
    ['rgba(300, 0, 0, 1)', null],
  ])('normalizeColor(%s) -> %s', (input, output) => {
    expect(normalizeColor(input)).toBe(output);
  });
});

describe('caption resolution and sizing', () => {
  it('layers defaults, global and item styles', () => {
    const style = resolveCaptionStyle(
      { fontSize: 30, color: 'rgba(1, 1, 1, 1.00)' },
      { fontSize: 40 },
    );
    expect(style.fontSize).toBe(40);
    expect(style.color).toBe('rgba(1, 1, 1, 1.00)');
    expect(style.fontFamily).toBe('Inter');
  });

  it('sizes landscape and portrait captions per spec 3 §9', () => {
    expect(captionRenderSizing(1920, 1080)).toEqual({
      fontSize: 54,
      maxWidthPercent: 70,
      bottomPercent: 16,
    });
    expect(captionRenderSizing(640, 360).fontSize).toBe(24);
    expect(captionRenderSizing(3840, 2160).fontSize).toBe(72);
    expect(captionRenderSizing(1080, 1920)).toEqual({
      fontSize: 48,
      maxWidthPercent: 74,
      bottomPercent: 18,
    });
    expect(captionRenderSizing(416, 740).fontSize).toBe(22);
    expect(captionRenderSizing(200, 400).fontSize).toBe(16);
  });
});
