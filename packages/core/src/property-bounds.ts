import { EDITOR_CONSTANTS } from './editor-constants';
import { SPEED_LIMITS, VOLUME_LIMITS } from './timeline';

/** The range and step of a property, shared by its slider and its typed input (spec 3 §5). */
export interface PropertyBounds {
  min: number;
  max: number;
  step: number;
}

const { property } = EDITOR_CONSTANTS;

/** Volume 0–1 step 0.05; speed 0.5–2 step 0.25; image display duration 0.1–10 s step 0.1. */
export const PROPERTY_BOUNDS = {
  volume: VOLUME_LIMITS,
  speed: {
    min: SPEED_LIMITS.editorMin,
    max: SPEED_LIMITS.editorMax,
    step: SPEED_LIMITS.editorStep,
  },
  imageDuration: property.imageDuration,
} as const satisfies Record<string, PropertyBounds>;

/** Fade in / fade out: 0 to half the item's duration, in seconds, step 0.05 (spec 3 §5). */
export function fadeBounds(durationInFrames: number, fps: number): PropertyBounds {
  const half = Math.max(0, durationInFrames / 2 / fps);
  // Down to the step, so the slider's largest value is one the rule allows.
  const max = Math.floor(half / property.fadeStep + 1e-9) * property.fadeStep;
  return { min: 0, max: Math.round(max * 100) / 100, step: property.fadeStep };
}

/**
 * A typed value, or null when it is not a number within the bounds (spec 3 §5: typed input
 * applies only if valid). `scale` reads a shown unit back (100 for a percent: '55' → 0.55); a
 * trailing '%', 's' or '×' is allowed.
 */
export function parseBoundedNumber(text: string, bounds: PropertyBounds, scale = 1): number | null {
  const cleaned = text.trim().replace(/\s*(%|s|×|x)$/i, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned) / scale;
  if (!Number.isFinite(value)) return null;
  const epsilon = 1e-9;
  if (value < bounds.min - epsilon || value > bounds.max + epsilon) return null;
  return Math.min(bounds.max, Math.max(bounds.min, value));
}
