import type { MediaAsset, TimelineItem } from '@storyloom/core';
import { hasSource } from './item-duration';

/** Makes new ids (the store passes e.g. `() => crypto.randomUUID()`; tests pass a counter). */
export type IdSource = () => string;

/** A new timeline item showing an asset (video, image or audio), its source from frame 0. */
export function itemFromAsset(
  asset: MediaAsset,
  placement: { id: string; startTimeInFrames: number; durationInFrames: number; shotId?: string },
): TimelineItem {
  const type = asset.resource_type === 'file' ? 'video' : asset.resource_type;
  const item: TimelineItem = {
    id: placement.id,
    type,
    mediaAssetId: asset.id,
    startTimeInFrames: placement.startTimeInFrames,
    durationInFrames: placement.durationInFrames,
    speed: 1,
    volume: 1,
  };
  if (asset.title) item.title = asset.title;
  if (hasSource(type)) {
    item.sourceTrimStartFrames = 0;
    item.sourceTrimEndFrames = placement.durationInFrames;
  }
  if (placement.shotId) item.shotId = placement.shotId;
  return item;
}

/**
 * The shot of an asset placed on the primary track: the asset's own shot when no primary item
 * shows it yet (re-adding a hidden shot unhides it), else a new shot.
 */
export function shotIdForAsset(
  asset: MediaAsset,
  primaryItems: readonly TimelineItem[],
  newId: IdSource,
): string {
  const own = asset.shot_id;
  if (own && !primaryItems.some((item) => item.shotId === own)) return own;
  return newId();
}
