import {
  assetSourceFrames,
  EDITOR_CONSTANTS,
  type MediaAsset,
  type TimelineItem,
  type TimelineItemType,
} from '@storyloom/core';

/** Item types that play a window of a media source (and so have trims, speed and volume). */
export function hasSource(type: TimelineItemType): boolean {
  return type === 'video' || type === 'audio';
}

// The media length and the item-duration rule are core's, shared with the player and exporter.
export { assetSourceFrames, itemDurationInFrames } from '@storyloom/core';

/**
 * How long a newly placed asset lasts (spec 3 §4, §9): an image 2 seconds, a video or audio
 * its media length, and 30 frames when that length is unknown.
 */
export function placementDurationFrames(asset: MediaAsset, fps: number): number {
  if (asset.resource_type === 'image') return EDITOR_CONSTANTS.imageFallbackSeconds * fps;
  const frames = assetSourceFrames(asset, fps);
  // Whole frames, never past the media's end.
  return frames === null
    ? EDITOR_CONSTANTS.unknownAssetDurationFrames
    : Math.max(1, Math.floor(frames + 1e-6));
}

/** The source window [start, end) an item plays, filling in what the stored item leaves out. */
export function sourceWindow(item: TimelineItem): { start: number; end: number } {
  const start = item.sourceTrimStartFrames ?? 0;
  const end = item.sourceTrimEndFrames ?? start + item.durationInFrames * item.speed;
  return { start, end };
}
