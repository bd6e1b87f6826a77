import type { MediaAsset, TimelineItem, TimelineItemType } from '@storyloom/core';
import { EDITOR_CONSTANTS } from '@storyloom/core';

/** Item types that play a window of a media source (and so have trims, speed and volume). */
export function hasSource(type: TimelineItemType): boolean {
  return type === 'video' || type === 'audio';
}

/**
 * The length of an asset's media in timeline frames at speed 1 (seconds × fps), or null when
 * its metadata does not say (images have no length).
 */
export function assetSourceFrames(asset: MediaAsset | undefined, fps: number): number | null {
  if (!asset || asset.resource_type === 'image') return null;
  const metadata = asset.metadata;
  const seconds =
    metadata?.frames !== undefined && metadata.frames > 0
      ? metadata.frames / (metadata.fps ?? fps)
      : metadata?.duration !== undefined && metadata.duration > 0
        ? metadata.duration
        : null;
  return seconds === null ? null : seconds * fps;
}

/**
 * How long a newly placed asset lasts (spec 3 §4, §9): an image 2 seconds, a video or audio
 * its media length, and 30 frames when that length is unknown.
 */
export function placementDurationFrames(asset: MediaAsset, fps: number): number {
  if (asset.resource_type === 'image') return EDITOR_CONSTANTS.imageFallbackSeconds * fps;
  return assetSourceFrames(asset, fps) ?? EDITOR_CONSTANTS.unknownAssetDurationFrames;
}

/**
 * An item's duration when the stored one is missing or unusable (spec 3 §4 "Item duration
 * fallback order", as packages/compose reads it): the explicit duration; an image counts as 2
 * seconds and a logo 1.5; else the media from the trimmed start on ÷ speed; else the trimmed
 * window ÷ speed; else 3 seconds.
 */
export function itemDurationFallback(
  item: Pick<
    TimelineItem,
    'type' | 'durationInFrames' | 'speed' | 'sourceTrimStartFrames' | 'sourceTrimEndFrames'
  >,
  asset: MediaAsset | undefined,
  fps: number,
): number {
  const explicit = item.durationInFrames;
  if (typeof explicit === 'number' && Number.isFinite(explicit) && explicit > 0) return explicit;
  if (item.type === 'image') return EDITOR_CONSTANTS.imageFallbackSeconds * fps;
  if (item.type === 'logo') return EDITOR_CONSTANTS.logoIntroSeconds * fps;
  const speed = item.speed > 0 ? item.speed : 1;
  const start = item.sourceTrimStartFrames ?? 0;
  const source = assetSourceFrames(asset, fps);
  if (source !== null && source > start) return (source - start) / speed;
  const end = item.sourceTrimEndFrames;
  if (end !== undefined && end > start) return (end - start) / speed;
  return EDITOR_CONSTANTS.defaultItemSeconds * fps;
}

/** The source window [start, end) an item plays, filling in what the stored item leaves out. */
export function sourceWindow(item: TimelineItem): { start: number; end: number } {
  const start = item.sourceTrimStartFrames ?? 0;
  const end = item.sourceTrimEndFrames ?? start + item.durationInFrames * item.speed;
  return { start, end };
}
