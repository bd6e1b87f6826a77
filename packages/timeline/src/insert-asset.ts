import type { MediaAsset, TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { itemFromAsset, shotIdForAsset, type IdSource } from './asset-item';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { assetDropMode } from './drop-mode';
import { FRAME_EPSILON, itemEnd, timelineFps } from './frames';
import { clampIntoGap, findGaps, nearestGap } from './gaps';
import { hasSource, placementDurationFrames } from './item-duration';
import { refuse } from './refusal';
import { findAsset, findItem, findTrack, type ItemLocation } from './timeline-lookup';
import { TRACK_NAMES, trackRefusesAsset, trackTypeForAsset } from './track-category';
import { clampEffects, primaryTrackIndex } from './track-rules';

/**
 * Where a media asset is dropped (spec 3 §4): on an item (mode by pointer position), on a
 * track at a frame, or on an empty track / insertion strip (a new track at `index`).
 */
export type AssetDropTarget =
  | { kind: 'item'; itemId: string; pointerFraction: number }
  | { kind: 'track'; trackId: string; frame: number }
  | { kind: 'new-track'; index: number; frame?: number };

export interface InsertAssetArgs {
  assetId: string;
  target: AssetDropTarget;
  newId: IdSource;
}

/** Inserts (or, in the middle of an item, replaces with) a media asset from the library. */
export function insertAsset(timeline: VideoEditorTimeline, args: InsertAssetArgs): CommandResult {
  const found = findAsset(timeline, args.assetId);
  if (!found.ok) return found;
  const asset = found.value;
  if (asset.resource_type === 'file') return refuse('not_supported', MESSAGES.editor.notSupported);
  const fps = timelineFps(timeline);
  const duration = placementDurationFrames(asset, fps);
  // Drops snap to whole frames.
  const target: AssetDropTarget =
    args.target.kind === 'item' || args.target.frame === undefined
      ? args.target
      : { ...args.target, frame: Math.round(args.target.frame) };

  if (target.kind === 'new-track') return insertOnNewTrack(timeline, asset, duration, args, target);

  if (target.kind === 'track') {
    if (!(target.frame >= 0)) return refuse('invalid_position', MESSAGES.editor.invalidPosition);
    const trackFound = findTrack(timeline, target.trackId);
    if (!trackFound.ok) return trackFound;
    const { track, trackIndex } = trackFound.value;
    const refusal = trackRefusesAsset(track, asset);
    if (refusal) return { ok: false, reason: refusal };
    if (trackIndex === primaryTrackIndex(timeline.tracks)) {
      return insertOnPrimary(timeline, asset, duration, args, nearestBoundary(track, target.frame));
    }
    const gap = nearestGap(findGaps(track.items), target.frame);
    const start = clampIntoGap(gap, target.frame, duration);
    if (start === null) return noSpace(duration, gap.durationInFrames);
    return placeOnTrack(
      timeline,
      trackIndex,
      itemFromAsset(asset, placement(args, start, duration)),
    );
  }

  const itemFound = findItem(timeline, target.itemId);
  if (!itemFound.ok) return itemFound;
  const location = itemFound.value;
  const refusal = trackRefusesAsset(location.track, asset);
  if (refusal) return { ok: false, reason: refusal };
  const mode = assetDropMode(target.pointerFraction);
  const onPrimary = location.trackIndex === primaryTrackIndex(timeline.tracks);
  if (mode === 'replace') return replaceWithAsset(timeline, location, asset, onPrimary);
  if (onPrimary) {
    const index = mode === 'before' ? location.itemIndex : location.itemIndex + 1;
    return insertOnPrimary(timeline, asset, duration, args, index);
  }
  const { items } = location.track;
  const targetItem = location.item;
  if (mode === 'before') {
    const previous = items[location.itemIndex - 1];
    const available = targetItem.startTimeInFrames - (previous ? itemEnd(previous) : 0);
    if (duration > available + FRAME_EPSILON) return noSpace(duration, available);
    const start = Math.max(0, targetItem.startTimeInFrames - duration);
    return placeOnTrack(
      timeline,
      location.trackIndex,
      itemFromAsset(asset, placement(args, start, duration)),
    );
  }
  const next = items[location.itemIndex + 1];
  const available =
    (next ? next.startTimeInFrames : Number.POSITIVE_INFINITY) - itemEnd(targetItem);
  if (duration > available + FRAME_EPSILON) return noSpace(duration, available);
  return placeOnTrack(
    timeline,
    location.trackIndex,
    itemFromAsset(asset, placement(args, itemEnd(targetItem), duration)),
  );
}

function placement(args: InsertAssetArgs, start: number, duration: number) {
  return { id: args.newId(), startTimeInFrames: start, durationInFrames: duration };
}

/** Spec 3 §8: an insert refused for lack of space logs the required and available frames. */
function noSpace(required: number, available: number) {
  return refuse('insufficient_space', MESSAGES.editor.notEnoughSpace, { required, available });
}

/** The item index whose boundary (item start, or the track's end) is nearest to a frame. */
function nearestBoundary(track: Track, frame: number): number {
  let best = track.items.length;
  let bestDistance = Math.abs(frame - (track.items.length ? itemEnd(track.items.at(-1)!) : 0));
  track.items.forEach((item, index) => {
    const distance = Math.abs(frame - item.startTimeInFrames);
    if (distance < bestDistance || (distance === bestDistance && index < best)) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

function insertOnPrimary(
  timeline: VideoEditorTimeline,
  asset: MediaAsset,
  duration: number,
  args: InsertAssetArgs,
  index: number,
): CommandResult {
  const trackIndex = primaryTrackIndex(timeline.tracks);
  const track = timeline.tracks[trackIndex]!;
  const at = placement(args, 0, duration);
  const item = itemFromAsset(asset, {
    ...at,
    shotId: shotIdForAsset(asset, track.items, args.newId),
  });
  const items = [...track.items.slice(0, index), item, ...track.items.slice(index)];
  const tracks = timeline.tracks.map((t, i) => (i === trackIndex ? { ...t, items } : t));
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.insert, { selection: [item.id] });
}

function placeOnTrack(
  timeline: VideoEditorTimeline,
  trackIndex: number,
  item: TimelineItem,
): CommandResult {
  const tracks = timeline.tracks.map((track, i) =>
    i === trackIndex ? { ...track, items: [...track.items, item] } : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.insert, { selection: [item.id] });
}

function insertOnNewTrack(
  timeline: VideoEditorTimeline,
  asset: MediaAsset,
  duration: number,
  args: InsertAssetArgs,
  target: Extract<AssetDropTarget, { kind: 'new-track' }>,
): CommandResult {
  const frame = target.frame ?? 0;
  if (!(frame >= 0)) return refuse('invalid_position', MESSAGES.editor.invalidPosition);
  const type = trackTypeForAsset(asset);
  if (!type) return refuse('not_supported', MESSAGES.editor.notSupported);
  const becomesPrimary = type === 'video' && primaryTrackIndex(timeline.tracks) < 0;
  const trackId = args.newId();
  const item = itemFromAsset(asset, {
    ...placement(args, becomesPrimary ? 0 : frame, duration),
    ...(becomesPrimary ? { shotId: shotIdForAsset(asset, [], args.newId) } : {}),
  });
  const name =
    type === 'audio'
      ? TRACK_NAMES[asset.subtype === 'voiceover' ? 'voiceover' : 'music']
      : TRACK_NAMES.video;
  const track: Track = { id: trackId, type, name, items: [item], isPrimary: becomesPrimary };
  const index = Math.max(0, Math.min(timeline.tracks.length, Math.trunc(target.index) || 0));
  const tracks = [...timeline.tracks.slice(0, index), track, ...timeline.tracks.slice(index)];
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.addTrack, { selection: [item.id] });
}

/**
 * Replace (spec 3 §4, the middle of an item): the item shows the new asset from its source
 * start, keeping its id, place, shot, group, volume and fades. An image keeps the item's
 * duration; a video or audio takes its own length, cut to the free space on a non-primary
 * track. A failure placeholder stops being one.
 */
function replaceWithAsset(
  timeline: VideoEditorTimeline,
  location: ItemLocation,
  asset: MediaAsset,
  onPrimary: boolean,
): CommandResult {
  const old = location.item;
  const fps = timelineFps(timeline);
  const type = asset.resource_type === 'file' ? 'video' : asset.resource_type;
  let duration = type === 'image' ? old.durationInFrames : placementDurationFrames(asset, fps);
  if (!onPrimary) {
    const next = location.track.items[location.itemIndex + 1];
    if (next) duration = Math.min(duration, next.startTimeInFrames - old.startTimeInFrames);
  }
  const item: TimelineItem = {
    id: old.id,
    type,
    mediaAssetId: asset.id,
    startTimeInFrames: old.startTimeInFrames,
    durationInFrames: duration,
    speed: 1,
    volume: old.volume,
  };
  if (asset.title) item.title = asset.title;
  if (hasSource(type)) {
    item.sourceTrimStartFrames = 0;
    item.sourceTrimEndFrames = duration;
  }
  if (old.shotId) item.shotId = old.shotId;
  if (old.groupId) item.groupId = old.groupId;
  if (old.effects) item.effects = old.effects;
  const items = location.track.items.map((candidate) =>
    candidate === old ? clampEffects(item) : candidate,
  );
  const tracks = timeline.tracks.map((track, index) =>
    index === location.trackIndex ? { ...track, items } : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.replace, { selection: [item.id] });
}
