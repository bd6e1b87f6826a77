/** Bounds of a property's slider and typed input (spec 3 §5). */
export interface InputBounds {
  min: number;
  max: number;
  /** When set, a typed value must be a whole multiple of it (e.g. font weight 100). */
  multipleOf?: number;
}

/**
 * A typed property value, or null when it must not be applied (spec 3 §5: typed input applies
 * only if valid): empty, not a number, outside the bounds or off the step grid.
 */
export function parseBoundedInput(text: string, bounds: InputBounds): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) return null;
  if (bounds.multipleOf !== undefined) {
    const steps = value / bounds.multipleOf;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return null;
  }
  return value;
}
