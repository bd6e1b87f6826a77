import type { PictureFit } from '@storyloom/core';
import { containRect, coverRect, type Rect } from './drawing-context';
import { motionCrop, NUMBER_ARITHMETIC, type MotionState } from './image-motion';

/**
 * The pixel grid pictures are placed on. The export is 4:2:0 video, where ffmpeg's scale, pad
 * and crop work in whole even pixels; the browser player places pictures by the same rules so a
 * preview frame and the exported frame line up to the pixel. The exporter's per-frame ffmpeg
 * expression for a moving zoom (`2*trunc(side*zoom/2)`) is `zoomedPictureSize` written for ffmpeg.
 */

/** A length rounded to the nearest even whole pixel count, at least 2. */
export function evenPixels(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/**
 * A source picture fitted into the frame: whole (`contain`, the default) or filling it
 * (`cover`, the overflow cut off evenly on both sides). An even size, centred on an even
 * offset (ffmpeg's pad rounds `(ow-iw)/2` down to the chroma grid; a cover picture's overflow
 * is cut from an even offset, `frameCrop`).
 */
export function fittedPictureRect(
  sourceWidth: number,
  sourceHeight: number,
  frameWidth: number,
  frameHeight: number,
  fit: PictureFit = 'contain',
): Rect {
  const rect =
    fit === 'cover'
      ? coverRect(sourceWidth, sourceHeight, frameWidth, frameHeight)
      : containRect(sourceWidth, sourceHeight, frameWidth, frameHeight);
  const width = evenPixels(rect.width);
  const height = evenPixels(rect.height);
  const offset = (frame: number, side: number) =>
    side > frame ? -Math.floor((side - frame) / 4) * 2 : Math.floor((frame - side) / 4) * 2;
  return { x: offset(frameWidth, width), y: offset(frameHeight, height), width, height };
}

/**
 * The part of a fitted picture that lies in the frame, in the picture's own pixels (ffmpeg's
 * crop before its pad), or null when all of it does (a contained picture).
 */
export function frameCrop(fitted: Rect, frame: { width: number; height: number }): Rect | null {
  if (fitted.width <= frame.width && fitted.height <= frame.height) return null;
  return {
    x: Math.max(0, -fitted.x),
    y: Math.max(0, -fitted.y),
    width: Math.min(fitted.width, frame.width),
    height: Math.min(fitted.height, frame.height),
  };
}

/** The fitted picture zoomed: each side `2·trunc(side·zoom/2)`, never below the fitted size. */
export function zoomedPictureSize(
  fitted: { width: number; height: number },
  zoom: number,
): { width: number; height: number } {
  return {
    width: Math.max(fitted.width, 2 * Math.trunc((fitted.width * zoom) / 2)),
    height: Math.max(fitted.height, 2 * Math.trunc((fitted.height * zoom) / 2)),
  };
}

/** Where a still with motion is drawn at one moment, in whole (even) pixels. */
export interface MovingPictureLayout {
  /** The visible window: the fitted rectangle in the frame. */
  fitted: Rect;
  /** The zoomed picture's size. */
  zoomed: { width: number; height: number };
  /** The top-left of the window inside the zoomed picture (ffmpeg's crop x/y). */
  crop: { x: number; y: number };
}

/**
 * A still with its motion: fitted, zoomed, and shown from compose's crop point rounded, kept
 * inside the picture and aligned to even pixels (ffmpeg's crop on 4:2:0 video).
 */
export function movingPictureLayout(
  source: { width: number; height: number },
  frame: { width: number; height: number },
  motion: MotionState,
  fit: PictureFit = 'contain',
): MovingPictureLayout {
  const fitted = fittedPictureRect(source.width, source.height, frame.width, frame.height, fit);
  const zoomed = zoomedPictureSize(fitted, motion.zoom);
  const crop = motionCrop(NUMBER_ARITHMETIC, motion, fitted.width, fitted.height);
  return {
    fitted,
    zoomed,
    crop: {
      x: Math.min(Math.max(0, Math.round(crop.x)), zoomed.width - fitted.width) & ~1,
      y: Math.min(Math.max(0, Math.round(crop.y)), zoomed.height - fitted.height) & ~1,
    },
  };
}
