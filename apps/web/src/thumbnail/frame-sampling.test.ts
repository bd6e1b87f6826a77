import { describe, expect, it } from 'vitest';
import {
  averageLuminance,
  clampTime,
  FrameCache,
  formatFrameTime,
  isDarkFrame,
  seekDelay,
} from './frame-sampling';

describe('averageLuminance and isDarkFrame', () => {
  it('weighs red, green and blue like Rec. 601', () => {
    expect(averageLuminance([255, 255, 255, 255])).toBeCloseTo(255);
    expect(averageLuminance([255, 0, 0, 255, 0, 0, 0, 255])).toBeCloseTo(38.1, 1);
    expect(averageLuminance([])).toBe(0);
  });

  it('calls frames below 12 dark', () => {
    expect(isDarkFrame(averageLuminance([10, 10, 10, 255]))).toBe(true);
    expect(isDarkFrame(12)).toBe(false);
  });
});

describe('clampTime', () => {
  it('keeps the slider within the video', () => {
    expect(clampTime(-1, 10)).toBe(0);
    expect(clampTime(12, 10)).toBe(10);
    expect(clampTime(4.2, 10)).toBe(4.2);
    expect(clampTime(3, Number.NaN)).toBe(0);
  });
});

describe('seekDelay', () => {
  it('spaces seeks at least 80 ms apart', () => {
    expect(seekDelay(null, 1000)).toBe(0);
    expect(seekDelay(1000, 1030)).toBe(50);
    expect(seekDelay(1000, 1100)).toBe(0);
  });
});

describe('FrameCache', () => {
  it('keeps the 12 most recently used frames', () => {
    const cache = new FrameCache<number>();
    for (let i = 0; i < 12; i++) cache.set(String(i), i);
    expect(cache.get('0')).toBe(0); // now the most recent
    cache.set('12', 12);
    expect(cache.size).toBe(12);
    expect(cache.get('1')).toBeUndefined();
    expect(cache.get('0')).toBe(0);
  });
});

describe('formatFrameTime', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatFrameTime(0)).toBe('0:00.0');
    expect(formatFrameTime(65.26)).toBe('1:05.3');
  });
});
