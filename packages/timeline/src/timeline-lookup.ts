import type { MediaAsset, TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { refuse, type Refused } from './refusal';

/** Where an item sits: its track, the track's index and the item's index on it. */
export interface ItemLocation {
  track: Track;
  trackIndex: number;
  item: TimelineItem;
  itemIndex: number;
}

export type Found<T> = { ok: true; value: T } | Refused;

export function findTrack(
  timeline: Pick<VideoEditorTimeline, 'tracks'>,
  trackId: string,
): Found<{ track: Track; trackIndex: number }> {
  const trackIndex = timeline.tracks.findIndex((track) => track.id === trackId);
  const track = timeline.tracks[trackIndex];
  if (!track) return refuse('not_found', MESSAGES.editor.trackNotFound(trackId));
  return { ok: true, value: { track, trackIndex } };
}

export function findItem(
  timeline: Pick<VideoEditorTimeline, 'tracks'>,
  itemId: string,
): Found<ItemLocation> {
  for (let trackIndex = 0; trackIndex < timeline.tracks.length; trackIndex++) {
    const track = timeline.tracks[trackIndex]!;
    const itemIndex = track.items.findIndex((item) => item.id === itemId);
    if (itemIndex >= 0)
      return { ok: true, value: { track, trackIndex, item: track.items[itemIndex]!, itemIndex } };
  }
  return refuse('not_found', MESSAGES.editor.timelineItemNotFound(itemId));
}

export function findAsset(
  timeline: Pick<VideoEditorTimeline, 'mediaAssets'>,
  assetId: string,
): Found<MediaAsset> {
  const asset = timeline.mediaAssets.find((candidate) => candidate.id === assetId);
  if (!asset) return refuse('not_found', MESSAGES.editor.mediaAssetNotFound(assetId));
  return { ok: true, value: asset };
}

/** Assets by id, for passes over every item. */
export function assetIndex(assets: readonly MediaAsset[]): ReadonlyMap<string, MediaAsset> {
  return new Map(assets.map((asset) => [asset.id, asset]));
}
