import { EDITOR_CONSTANTS } from '@storyloom/core';

export type AssetDropMode = 'before' | 'replace' | 'after';
export type ItemDropMode = 'before' | 'after';

/**
 * Dropping a media asset on an item (spec 3 §4): the left 25 % of the target inserts before,
 * the right 25 % after, the middle replaces. `pointerFraction` is the pointer's position across
 * the target, 0 at its left edge and 1 at its right edge.
 */
export function assetDropMode(pointerFraction: number): AssetDropMode {
  const edge = EDITOR_CONSTANTS.dropEdgeFraction;
  if (pointerFraction < edge) return 'before';
  if (pointerFraction > 1 - edge) return 'after';
  return 'replace';
}

/** Dropping timeline items, a group or a multi-selection: left half before, right half after. */
export function itemDropMode(pointerFraction: number): ItemDropMode {
  return pointerFraction < 0.5 ? 'before' : 'after';
}
