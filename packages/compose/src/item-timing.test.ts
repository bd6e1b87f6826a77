import { describe, expect, it } from 'vitest';
import {
  itemDurationInFrames,
  itemFrameWindow,
  itemProgressAt,
  itemSourceTimeAt,
  itemSourceWindow,
} from './item-timing';

const fps = 30;

describe('itemDurationInFrames (spec 3 §4 fallback order)', () => {
  it('uses the explicit duration first', () => {
    expect(
      itemDurationInFrames({ type: 'video', durationInFrames: 42 }, fps, {
        metadata: { frames: 300, fps: 30 },
      }),
    ).toBe(42);
  });

  it('then media frames ÷ media fps ÷ speed, less the trimmed start', () => {
    const asset = { metadata: { frames: 240, fps: 24 } }; // 10 s
    expect(itemDurationInFrames({ type: 'video' }, fps, asset)).toBe(300);
    expect(itemDurationInFrames({ type: 'video', speed: 2 }, fps, asset)).toBe(150);
    expect(
      itemDurationInFrames({ type: 'video', sourceTrimStartFrames: 60, speed: 1.5 }, fps, asset),
    ).toBe(160);
  });

  it('uses the duration in seconds when the frame count is unknown', () => {
    expect(
      itemDurationInFrames({ type: 'audio' }, fps, {
        metadata: { duration: 4 },
      }),
    ).toBe(120);
  });

  it('then estimates from the trim, else 3 seconds', () => {
    expect(
      itemDurationInFrames(
        { type: 'video', sourceTrimStartFrames: 10, sourceTrimEndFrames: 70 },
        fps,
      ),
    ).toBe(60);
    expect(itemDurationInFrames({ type: 'video' }, fps)).toBe(90);
  });

  it('gives images 2 s, logos 1.5 s and failed placeholders 3 s', () => {
    expect(itemDurationInFrames({ type: 'image' }, fps)).toBe(60);
    expect(itemDurationInFrames({ type: 'logo' }, fps)).toBe(45);
    expect(itemDurationInFrames({ type: 'video', status: 'failed' }, fps)).toBe(90);
  });
});

describe('item windows', () => {
  it('rounds fractional edges so neighbours stay contiguous', () => {
    const a = itemFrameWindow({ type: 'video', startTimeInFrames: 0 }, 33.4);
    const b = itemFrameWindow({ type: 'video', startTimeInFrames: 33.4 }, 20);
    expect(a).toEqual({ startFrame: 0, endFrame: 33 });
    expect(b).toEqual({ startFrame: 33, endFrame: 53 });
  });

  it('measures progress from 0 at the first frame', () => {
    const w = { startFrame: 10, endFrame: 20 };
    expect(itemProgressAt(w, 10)).toBe(0);
    expect(itemProgressAt(w, 15)).toBe(0.5);
    expect(itemProgressAt(w, 99)).toBe(1);
  });

  it('trims before the speed change', () => {
    const item = {
      type: 'video' as const,
      startTimeInFrames: 30,
      sourceTrimStartFrames: 15,
      speed: 1.5,
    };
    expect(itemSourceWindow(item, 60, fps)).toEqual({ startSeconds: 0.5, durationSeconds: 3 });
    expect(itemSourceTimeAt(item, { startFrame: 30, endFrame: 90 }, 50, fps)).toBe(1.5);
  });
});
