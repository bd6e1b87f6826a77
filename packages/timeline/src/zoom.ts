import type { Track } from '@storyloom/core';
import { EDITOR_CONSTANTS, maxTimelineZoom } from '@storyloom/core';
import { totalDurationFrames } from './frames';

const ZOOM = EDITOR_CONSTANTS.zoom;

/** The zoom slider's maximum for these tracks (spec 3 §9, via core's `maxTimelineZoom`). */
export function timelineMaxZoom(tracks: readonly Track[]): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (const track of tracks)
    for (const item of track.items) shortest = Math.min(shortest, item.durationInFrames);
  return maxTimelineZoom(totalDurationFrames(tracks), Number.isFinite(shortest) ? shortest : null);
}

/** Zoom kept between 0.25 and the maximum. */
export function clampZoom(zoom: number, max: number): number {
  if (!Number.isFinite(zoom)) return Math.max(ZOOM.min, Math.min(1, max));
  return Math.min(Math.max(max, ZOOM.min), Math.max(ZOOM.min, zoom));
}

/** The zoom buttons: ±0.25. */
export function zoomIn(zoom: number, max: number): number {
  return clampZoom(zoom + ZOOM.buttonStep, max);
}

export function zoomOut(zoom: number, max: number): number {
  return clampZoom(zoom - ZOOM.buttonStep, max);
}

/** The slider: steps of 0.1. */
export function sliderZoom(value: number, max: number): number {
  return clampZoom(Math.round(value / ZOOM.sliderStep) * ZOOM.sliderStep, max);
}

/** Ctrl/Meta + wheel: steps of 0.25 between 0.5 and 5 (wheel up zooms in). */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0 || !Number.isFinite(deltaY)) return zoom;
  const next = zoom + (deltaY < 0 ? ZOOM.wheelStep : -ZOOM.wheelStep);
  return Math.min(ZOOM.wheelMax, Math.max(ZOOM.wheelMin, next));
}

/**
 * When the total duration changes the zoom is rescaled in proportion (spec 3 §9), so a frame
 * keeps its width on screen, then clamped to the new limits.
 */
export function rescaleZoom(
  zoom: number,
  change: { previousTotalFrames: number; totalFrames: number; max: number },
): number {
  if (!(change.previousTotalFrames > 0) || !(change.totalFrames > 0))
    return clampZoom(zoom, change.max);
  return clampZoom((zoom * change.totalFrames) / change.previousTotalFrames, change.max);
}

/**
 * The frames the view spans at zoom 1: the total duration (the initial 20 seconds when
 * empty) plus the 20 % trailing room.
 */
export function viewFrames(totalFrames: number, fps: number): number {
  const { initialTotalDurationSeconds, layout } = EDITOR_CONSTANTS;
  const frames = totalFrames > 0 ? totalFrames : initialTotalDurationSeconds * fps;
  return frames * (1 + layout.trailingExtra);
}

/** Pixels per frame: at zoom 1 the whole timeline (with its trailing room) fits the viewport. */
export function pixelsPerFrame(view: {
  zoom: number;
  viewportWidth: number;
  totalFrames: number;
  fps: number;
}): number {
  return (view.zoom * Math.max(1, view.viewportWidth)) / viewFrames(view.totalFrames, view.fps);
}
