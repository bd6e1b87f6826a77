import { describe, expect, it } from 'vitest';
import { CAPTION_FONTS, CAPTION_PRESETS, CAPTION_PRESET_NAMES } from '@storyloom/core';
import {
  captionMetrics,
  drawCaption,
  layoutCaption,
  wrapCaptionText,
  type CaptionLayout,
} from './caption-layout';
import { measureWith } from './drawing-context';
import { recordingContext } from './test-support';

const measure = measureWith(recordingContext());
const layout = (text: string, itemStyle = {}, width = 1920, height = 1080): CaptionLayout =>
  layoutCaption({ text, itemStyle, frameWidth: width, frameHeight: height, measure });

describe('caption sizing (spec 3 §9)', () => {
  it('landscape: the default style is 54 px at 1920 wide, 70% wide, 16% from the bottom', () => {
    const m = captionMetrics(CAPTION_PRESETS.default, 1920, 1080);
    expect(m.fontSize).toBe(54);
    expect(m.maxWidth).toBeCloseTo(1344);
    expect(m.bottom).toBeCloseTo(172.8);
  });

  it('portrait: 22 px at 416 wide scaled with the width, 74% wide, 18% from the bottom', () => {
    const m = captionMetrics(CAPTION_PRESETS.default, 1080, 1920);
    expect(m.fontSize).toBe(48); // 1080 / 416 × 22 = 57.1, clamped to 48
    expect(m.maxWidth).toBeCloseTo(799.2);
    expect(m.bottom).toBeCloseTo(345.6);
    expect(captionMetrics(CAPTION_PRESETS.default, 416, 740).fontSize).toBe(22);
  });

  it('clamps fonts to 24–72 in landscape and 16–48 in portrait', () => {
    const big = { ...CAPTION_PRESETS.default, fontSize: 120 };
    const small = { ...CAPTION_PRESETS.default, fontSize: 8 };
    expect(captionMetrics(big, 1920, 1080).fontSize).toBe(72);
    expect(captionMetrics(small, 1920, 1080).fontSize).toBe(24);
    expect(captionMetrics(big, 1080, 1920).fontSize).toBe(48);
    expect(captionMetrics(small, 416, 740).fontSize).toBe(16);
  });

  it('treats a square frame like landscape', () => {
    const m = captionMetrics(CAPTION_PRESETS.default, 1080, 1080);
    expect(m.fontSize).toBeCloseTo(30.375);
    expect(m.maxWidth).toBeCloseTo(756);
  });
});

describe('wrapCaptionText', () => {
  const width = (t: string) => t.length;
  it("keeps the text's own line breaks and wraps each line at spaces", () => {
    expect(wrapCaptionText('one two three\nfour', 8, width)).toEqual(['one two', 'three', 'four']);
  });
  it('breaks a word wider than the line between characters', () => {
    expect(wrapCaptionText('abcdefghij', 4, width)).toEqual(['abcd', 'efgh', 'ij']);
  });
  it('keeps inner blank lines and drops edge ones', () => {
    expect(wrapCaptionText('\na\n\nb\n', 8, width)).toEqual(['a', '', 'b']);
  });
});

describe('layoutCaption', () => {
  it('centres the block and puts its bottom edge at the offset from the bottom', () => {
    const l = layout('Hello world');
    expect(l.box.y + l.box.height).toBeCloseTo(1080 - 172.8);
    expect(l.box.x + l.box.width / 2).toBeCloseTo(960);
    expect(l.lines).toHaveLength(1);
    expect(l.lines[0]!.x).toBe(960);
  });

  it('wraps within the maximum width and stacks lines lineHeight apart', () => {
    const text = 'word '.repeat(60).trim();
    const l = layout(text, { lineHeight: 2 });
    expect(l.lines.length).toBeGreaterThan(1);
    for (const line of l.lines) expect(line.width).toBeLessThanOrEqual(1344 - 54);
    expect(l.lines[1]!.y - l.lines[0]!.y).toBeCloseTo(108);
    // Narrower max width → more lines.
    expect(layout(text, { maxWidth: 30 }).lines.length).toBeGreaterThan(l.lines.length);
  });

  it('uses every style field', () => {
    const base = layout('Style me');
    expect(base.font).toMatch(/^700 54px "Inter", "Noto Sans"/);
    expect(layout('Style me', { fontFamily: 'Oswald' }).font).toMatch(
      /^700 54px "Oswald", "Noto Sans"/,
    );
    expect(layout('Style me', { fontWeight: 400 }).font).toMatch(/^400 54px "Inter", /);
    expect(layout('Style me', { fontSize: 15 }).fontSize).toBeCloseTo(15 * (54 / 22));
    expect(layout('Style me', { fontSize: 30 }).fontSize).toBe(72);
    expect(layout('Style me', { letterSpacing: 4 }).letterSpacing).toBeCloseTo(4 * (54 / 22));
    expect(layout('Style me', { borderRadius: 10 }).radius).toBeCloseTo(10 * (54 / 22));
    expect(layout('Style me', { height: 48 }).box.y).toBeLessThan(base.box.y);
    const wide = layout('Style me', { letterSpacing: 10 });
    expect(wide.lines[0]!.width).toBeGreaterThan(base.lines[0]!.width);
  });

  it('keeps its bounds within the frame in whole even pixels and around the box', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1080, 1920],
      [1080, 1080],
    ] as const) {
      const l = layout('A caption that is long enough to wrap onto two lines maybe', {}, w, h);
      for (const v of [l.bounds.x, l.bounds.y, l.bounds.width, l.bounds.height])
        expect(v % 2).toBe(0);
      expect(l.bounds.x).toBeLessThanOrEqual(l.box.x);
      expect(l.bounds.y + l.bounds.height).toBeGreaterThanOrEqual(l.box.y + l.box.height);
      expect(l.bounds.x + l.bounds.width).toBeLessThanOrEqual(w);
    }
  });
});

describe('drawCaption', () => {
  const draw = (itemStyle = {}) => {
    const ctx = recordingContext();
    drawCaption(ctx, layout('Two\nlines', itemStyle));
    return ctx.calls;
  };

  it('fills each line in the text colour with the font and letter spacing', () => {
    const calls = draw({ color: 'rgba(255, 214, 0, 1.00)', letterSpacing: 2 });
    const fills = calls.filter((c) => c.name === 'fillText');
    expect(fills.map((c) => c.args[0])).toEqual(['Two', 'lines']);
    expect(fills.every((c) => c.state.fillStyle === 'rgba(255, 214, 0, 1.00)')).toBe(true);
    expect(fills[0]!.state.font).toMatch(/^700 54px "Inter", "Noto Sans"/);
    expect(fills[0]!.state.letterSpacing).toBe(`${Math.round(2 * (54 / 22) * 100) / 100}px`);
  });

  it('paints a background box only when the background is not transparent', () => {
    expect(draw().some((c) => c.name === 'fill')).toBe(false);
    const calls = draw({ backgroundColor: 'rgba(37, 99, 235, 1.00)', borderRadius: 6 });
    const fill = calls.find((c) => c.name === 'fill');
    expect(fill?.state.fillStyle).toBe('rgba(37, 99, 235, 1.00)');
    expect(calls.some((c) => c.name === 'arcTo')).toBe(true);
  });

  it('strokes with the stroke colour (the default light stroke) and draws shadows', () => {
    expect(draw().filter((c) => c.name === 'strokeText')).toHaveLength(2);
    const shadowed = draw({ strokeColor: undefined, shadowColor: 'rgba(0, 0, 0, 1.00)' });
    // One shadow pass and one clean pass per line.
    expect(shadowed.filter((c) => c.name === 'fillText')).toHaveLength(4);
  });

  it('draws every preset and every font without error', () => {
    for (const name of CAPTION_PRESET_NAMES)
      expect(draw(CAPTION_PRESETS[name]).length).toBeGreaterThan(0);
    for (const fontFamily of CAPTION_FONTS)
      expect(layout('x', { fontFamily }).font).toContain(fontFamily);
  });
});
