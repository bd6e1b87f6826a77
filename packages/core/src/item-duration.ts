import { EDITOR_CONSTANTS } from './editor-constants';
import type { MediaAsset, TimelineItem } from './timeline';

/**
 * The item-duration rule of spec 3 §4, defined once: the editor's commands
 * (`@storyloom/timeline`), the player and the exporter (`@storyloom/compose`) all use it.
 */

/** The fields an item's length depends on (durations may be missing on raw data). */
export type DurationItem = Pick<TimelineItem, 'type'> &
  Partial<
    Pick<
      TimelineItem,
      'durationInFrames' | 'sourceTrimStartFrames' | 'sourceTrimEndFrames' | 'speed' | 'status'
    >
  >;

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** An item's speed, defaulting to 1 and never below the engine's clamp (0.1). */
export function itemSpeed(item: Pick<DurationItem, 'speed'>): number {
  const speed = item.speed;
  return positive(speed) ? Math.max(0.1, speed) : 1;
}

/**
 * The length of an asset's media in timeline frames at speed 1 (seconds × fps), or null when
 * its metadata does not say (images have no length).
 */
export function assetSourceFrames(
  asset:
    (Pick<MediaAsset, 'metadata'> & Partial<Pick<MediaAsset, 'resource_type'>>) | null | undefined,
  fps: number,
): number | null {
  if (!asset || asset.resource_type === 'image') return null;
  const meta = asset.metadata;
  const seconds = positive(meta?.frames)
    ? meta.frames / (positive(meta.fps) ? meta.fps : fps)
    : positive(meta?.duration)
      ? meta.duration
      : null;
  return seconds === null ? null : seconds * fps;
}

/**
 * How many timeline frames an item lasts (spec 3 §4 "item duration fallback order"):
 * 1. its explicit durationInFrames;
 * 2. else the media's length (frames ÷ media fps, or its seconds) less the trimmed start,
 *    ÷ speed;
 * 3. else an estimate from its trim (sourceTrimEnd − sourceTrimStart) ÷ speed, or 3 seconds.
 * An image lasts 2 seconds, a logo 1.5 seconds and a failed placeholder 3 seconds when they
 * have no explicit duration.
 */
export function itemDurationInFrames(
  item: DurationItem,
  fps: number,
  asset?: (Pick<MediaAsset, 'metadata'> & Partial<Pick<MediaAsset, 'resource_type'>>) | null,
): number {
  if (positive(item.durationInFrames)) return item.durationInFrames;
  if (item.type === 'image') return EDITOR_CONSTANTS.imageFallbackSeconds * fps;
  if (item.type === 'logo') return EDITOR_CONSTANTS.logoIntroSeconds * fps;
  if (item.status === 'failed' && !asset) return EDITOR_CONSTANTS.failedPlaceholderSeconds * fps;
  const speed = itemSpeed(item);
  const trimStart = item.sourceTrimStartFrames ?? 0;
  const source = assetSourceFrames(asset, fps);
  if (source !== null && source > trimStart) return (source - trimStart) / speed;
  const trimEnd = item.sourceTrimEndFrames;
  if (positive(trimEnd) && trimEnd > trimStart) return (trimEnd - trimStart) / speed;
  return EDITOR_CONSTANTS.defaultItemSeconds * fps;
}
