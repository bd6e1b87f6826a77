import { describe, expect, it } from 'vitest';
import { formatFrames } from '@storyloom/core';
import { rulerTickSpacing, rulerTicks } from './ruler-ticks';
import { basic } from './test-builders';
import { clampTimelineHeight, timelineContentHeight } from './timeline-height';
import {
  clampZoom,
  pixelsPerFrame,
  rescaleZoom,
  sliderZoom,
  timelineMaxZoom,
  wheelZoom,
  zoomIn,
  zoomOut,
} from './zoom';

describe('zoom', () => {
  it('the maximum is total ÷ (2 × shortest item), between 1 and 10; 2.5 when empty', () => {
    expect(timelineMaxZoom(basic().tracks)).toBeCloseTo(300 / 180);
    expect(timelineMaxZoom([])).toBe(2.5);
  });

  it('buttons step 0.25, the slider 0.1, within 0.25 and the maximum', () => {
    expect(zoomIn(1, 2.5)).toBe(1.25);
    expect(zoomIn(2.4, 2.5)).toBe(2.5);
    expect(zoomOut(0.3, 2.5)).toBe(0.25);
    expect(sliderZoom(1.234, 2.5)).toBeCloseTo(1.2);
    expect(clampZoom(Number.NaN, 2.5)).toBe(1);
    expect(clampZoom(3, 2.5)).toBe(2.5);
  });

  it('the wheel steps 0.25 between 0.5 and 5', () => {
    expect(wheelZoom(1, -100)).toBe(1.25);
    expect(wheelZoom(1, 100)).toBe(0.75);
    expect(wheelZoom(0.5, 100)).toBe(0.5);
    expect(wheelZoom(5, -1)).toBe(5);
    expect(wheelZoom(2, 0)).toBe(2);
  });

  it('rescales in proportion when the total duration changes', () => {
    expect(rescaleZoom(1, { previousTotalFrames: 300, totalFrames: 600, max: 10 })).toBe(2);
    expect(rescaleZoom(2, { previousTotalFrames: 600, totalFrames: 150, max: 10 })).toBe(0.5);
    expect(rescaleZoom(1, { previousTotalFrames: 300, totalFrames: 6000, max: 2.5 })).toBe(2.5);
    expect(rescaleZoom(1, { previousTotalFrames: 0, totalFrames: 60, max: 2.5 })).toBe(1);
  });

  it('at zoom 1 the timeline and its 20 % trailing room fill the viewport', () => {
    expect(pixelsPerFrame({ zoom: 1, viewportWidth: 1200, totalFrames: 1000, fps: 30 })).toBe(1);
    expect(pixelsPerFrame({ zoom: 2, viewportWidth: 1200, totalFrames: 0, fps: 30 })).toBeCloseTo(
      2400 / 720,
    );
  });
});

describe('ruler ticks', () => {
  it('uses the table 30/5, 20/5, 10/2, 5/1, 2/0.5, 1/0.2 by time per pixel', () => {
    expect(rulerTickSpacing(1 / 100)).toEqual({ major: 1, minor: 0.2 });
    expect(rulerTickSpacing(1 / 40)).toEqual({ major: 2, minor: 0.5 });
    expect(rulerTickSpacing(1 / 16)).toEqual({ major: 5, minor: 1 });
    expect(rulerTickSpacing(1 / 8)).toEqual({ major: 10, minor: 2 });
    expect(rulerTickSpacing(1 / 4)).toEqual({ major: 20, minor: 5 });
    expect(rulerTickSpacing(0.3)).toEqual({ major: 30, minor: 5 });
    expect(rulerTickSpacing(10)).toEqual({ major: 30, minor: 5 });
  });

  it('lists ticks with minutes:seconds labels on the majors', () => {
    const ticks = rulerTicks({ secondsPerPixel: 1 / 16, fromSeconds: 58, toSeconds: 61, fps: 30 });
    expect(ticks).toEqual([
      { seconds: 58, major: false },
      { seconds: 59, major: false },
      { seconds: 60, major: true, label: '1:00' },
      { seconds: 61, major: false },
    ]);
    const fine = rulerTicks({ secondsPerPixel: 1 / 100, fromSeconds: 0, toSeconds: 1, fps: 30 });
    expect(fine.map((t) => t.seconds)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(rulerTicks({ secondsPerPixel: 0, fromSeconds: 0, toSeconds: 1, fps: 30 })).toEqual([]);
  });

  it('formats durations as minutes:seconds (core formatFrames)', () => {
    expect(formatFrames(0)).toBe('0:00');
    expect(formatFrames(30 * 75)).toBe('1:15');
    expect(formatFrames(30 * 3600)).toBe('60:00');
  });
});

describe('timeline height', () => {
  it('clamps between 180 and 60 % of the window, or the content height when less', () => {
    expect(clampTimelineHeight(500, { windowHeight: 1000 })).toBe(500);
    expect(clampTimelineHeight(900, { windowHeight: 1000 })).toBe(600);
    expect(clampTimelineHeight(100, { windowHeight: 1000 })).toBe(180);
    expect(clampTimelineHeight(500, { windowHeight: 1000, contentHeight: 300 })).toBe(300);
    expect(clampTimelineHeight(Number.NaN, { windowHeight: 1000 })).toBe(210);
  });

  it('never below 180, also with no tracks', () => {
    expect(timelineContentHeight([])).toBe(80);
    expect(
      clampTimelineHeight(500, { windowHeight: 1000, contentHeight: timelineContentHeight([]) }),
    ).toBe(180);
    expect(clampTimelineHeight(500, { windowHeight: 200 })).toBe(180);
  });

  it('adds up the rows: video 80, audio and caption 30, 12 between', () => {
    expect(timelineContentHeight(basic().tracks)).toBe(80 + 80 + 30 + 12);
  });
});
