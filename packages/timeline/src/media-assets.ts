import type { MediaAsset, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { refuse, type Refused } from './refusal';
import { findAsset } from './timeline-lookup';

/** Whether any timeline item shows the asset. */
export function isAssetInUse(
  timeline: Pick<VideoEditorTimeline, 'tracks'>,
  assetId: string,
): boolean {
  return timeline.tracks.some((track) => track.items.some((item) => item.mediaAssetId === assetId));
}

/** Adds (or replaces, by id) a media asset of the library. Not an undoable edit. */
export function addMediaAsset(
  timeline: VideoEditorTimeline,
  asset: MediaAsset,
): { ok: true; timeline: VideoEditorTimeline } {
  const exists = timeline.mediaAssets.some((candidate) => candidate.id === asset.id);
  const mediaAssets = exists
    ? timeline.mediaAssets.map((candidate) => (candidate.id === asset.id ? asset : candidate))
    : [...timeline.mediaAssets, asset];
  return { ok: true, timeline: { ...timeline, mediaAssets } };
}

/**
 * Removes a media asset; refused while the timeline uses it (spec 3 §8: 'This video is in use
 * and cannot be deleted.', 'This image is in use and cannot be deleted.', otherwise 'You can't
 * delete this asset as it's currently in used in the timeline.').
 */
export function removeMediaAsset(
  timeline: VideoEditorTimeline,
  args: { assetId: string },
): { ok: true; timeline: VideoEditorTimeline } | Refused {
  const found = findAsset(timeline, args.assetId);
  if (!found.ok) return found;
  if (isAssetInUse(timeline, args.assetId)) {
    const type = found.value.resource_type;
    const message =
      type === 'video'
        ? MESSAGES.editor.videoInUse
        : type === 'image'
          ? MESSAGES.editor.imageInUse
          : MESSAGES.editor.assetInUse;
    return refuse('in_use', message);
  }
  return {
    ok: true,
    timeline: {
      ...timeline,
      mediaAssets: timeline.mediaAssets.filter((asset) => asset.id !== args.assetId),
    },
  };
}
