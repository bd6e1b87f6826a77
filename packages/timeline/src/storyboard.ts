import type {
  MediaAsset,
  Shot,
  ShotType,
  ShotsMap,
  TimelineItem,
  Track,
  VideoEditorTimeline,
} from '@storyloom/core';
import { MESSAGES, orderedShots } from '@storyloom/core';
import { rankBetween, spreadRanks } from './lexorank';
import { refuse, type Refused } from './refusal';
import type { ShotChange } from './shot-changes';
import { primaryShots } from './shot-changes';
import { isVoiceOverTrack } from './shot-links';

/**
 * A storyboard edit: the new shots map and the ids of the shots that changed (to sync; a
 * deleted shot's id is among them and is sent as null).
 */
export interface ShotsUpdate {
  ok: true;
  shotsMap: ShotsMap;
  changedShotIds: string[];
}

/** Longest ranks before the whole order is re-spread. */
const MAX_RANK_LENGTH = 48;

/**
 * Gives the shots of `order` ranks in that order, changing as few as possible: the longest run
 * of ranks already in order is kept, the others get ranks between their neighbours (or, if
 * that is not possible, all are spread anew). Returns the ids whose rank changed.
 */
export function rankInOrder(shotsMap: ShotsMap, order: readonly string[]): ShotsUpdate {
  const next: ShotsMap = { ...shotsMap };
  const changedShotIds = rankInto(next, order);
  return { ok: true, shotsMap: changedShotIds.length ? next : shotsMap, changedShotIds };
}

/** `rankInOrder` on a map the caller owns (changed in place); returns the re-ranked ids. */
function rankInto(next: ShotsMap, order: readonly string[]): string[] {
  const ids = order.filter((id) => next[id]);
  const ranks = ids.map((id) => next[id]!.lexorank);
  const keep = longestIncreasing(ranks);
  const assigned: string[] = [];
  let previous: string | null = null;
  let ok = true;
  for (let i = 0; i < ids.length; i++) {
    if (keep.has(i)) {
      previous = ranks[i]!;
      assigned.push(previous);
      continue;
    }
    let following: string | null = null;
    for (let j = i + 1; j < ids.length; j++)
      if (keep.has(j)) {
        following = ranks[j]!;
        break;
      }
    const rank = rankBetween(previous, following);
    if (rank === null || rank.length > MAX_RANK_LENGTH) {
      ok = false;
      break;
    }
    previous = rank;
    assigned.push(rank);
  }
  const finalRanks = ok ? assigned : spreadRanks(ids.length);
  const changedShotIds: string[] = [];
  ids.forEach((id, index) => {
    const rank = finalRanks[index]!;
    if (next[id]!.lexorank === rank) return;
    next[id] = { ...next[id]!, lexorank: rank };
    changedShotIds.push(id);
  });
  return changedShotIds;
}

/**
 * Indices of a longest strictly increasing subsequence of the non-empty values (patience
 * sorting, O(n log n)); an empty rank is a shot that has none yet.
 */
function longestIncreasing(values: readonly string[]): Set<number> {
  const tails: number[] = [];
  const parent = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    if (value === '') return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) parent[index] = tails[lo - 1]!;
    tails[lo] = index;
  });
  const keep = new Set<number>();
  let cursor = tails.length ? tails[tails.length - 1]! : -1;
  while (cursor >= 0) {
    keep.add(cursor);
    cursor = parent[cursor]!;
  }
  return keep;
}

function findShot(shotsMap: ShotsMap, shotId: string): { ok: true; shot: Shot } | Refused {
  const shot = shotsMap[shotId];
  return shot ? { ok: true, shot } : refuse('not_found', MESSAGES.editor.shotNotFound(shotId));
}

/** The rank bounds for a shot placed after `afterShotId` or before `beforeShotId` (else last). */
function slot(
  shotsMap: ShotsMap,
  position: { beforeShotId?: string; afterShotId?: string },
  movingId?: string,
): { lo: string | null; hi: string | null } | Refused {
  const ordered = orderedShots(shotsMap).filter((shot) => shot.shot_id !== movingId);
  if (position.afterShotId !== undefined) {
    const index = ordered.findIndex((shot) => shot.shot_id === position.afterShotId);
    if (index < 0)
      return refuse('not_found', MESSAGES.editor.afterShotNotFound(position.afterShotId));
    return { lo: ordered[index]!.lexorank, hi: ordered[index + 1]?.lexorank ?? null };
  }
  if (position.beforeShotId !== undefined) {
    const index = ordered.findIndex((shot) => shot.shot_id === position.beforeShotId);
    if (index < 0)
      return refuse('not_found', MESSAGES.editor.beforeShotNotFound(position.beforeShotId));
    return { lo: ordered[index - 1]?.lexorank ?? null, hi: ordered[index]!.lexorank };
  }
  return { lo: ordered.at(-1)?.lexorank ?? null, hi: null };
}

function placeShot(
  shotsMap: ShotsMap,
  shot: Shot,
  position: { beforeShotId?: string; afterShotId?: string },
): ShotsUpdate | Refused {
  const bounds = slot(shotsMap, position, shot.shot_id);
  if ('reason' in bounds) return bounds;
  const rank = bounds.lo === bounds.hi ? null : rankBetween(bounds.lo, bounds.hi);
  if (rank !== null) {
    return {
      ok: true,
      shotsMap: { ...shotsMap, [shot.shot_id]: { ...shot, lexorank: rank } },
      changedShotIds: [shot.shot_id],
    };
  }
  // Equal neighbours (or no room): re-rank the whole order with the shot in its place.
  const order = orderedShots(shotsMap)
    .map((candidate) => candidate.shot_id)
    .filter((id) => id !== shot.shot_id);
  const at =
    position.afterShotId !== undefined
      ? order.indexOf(position.afterShotId) + 1
      : position.beforeShotId !== undefined
        ? order.indexOf(position.beforeShotId)
        : order.length;
  order.splice(at, 0, shot.shot_id);
  const ranks = spreadRanks(order.length);
  const next: ShotsMap = { ...shotsMap, [shot.shot_id]: shot };
  const changedShotIds: string[] = [];
  order.forEach((id, index) => {
    if (next[id]!.lexorank === ranks[index] && id !== shot.shot_id) return;
    next[id] = { ...next[id]!, lexorank: ranks[index]! };
    changedShotIds.push(id);
  });
  return { ok: true, shotsMap: next, changedShotIds };
}

/** Adds a shot after `afterShotId`, before `beforeShotId`, or last (spec 3 §8 lookup errors). */
export function addShot(
  shotsMap: ShotsMap,
  args: { shot: Shot; beforeShotId?: string; afterShotId?: string },
): ShotsUpdate | Refused {
  return placeShot(shotsMap, args.shot, args);
}

/** Moves a shot after `afterShotId` or before `beforeShotId`. */
export function reorderShot(
  shotsMap: ShotsMap,
  args: { shotId: string; beforeShotId?: string; afterShotId?: string },
): ShotsUpdate | Refused {
  const found = findShot(shotsMap, args.shotId);
  if (!found.ok) return found;
  return placeShot(shotsMap, found.shot, args);
}

/** Changes a shot's fields (not its id). */
export function updateShot(
  shotsMap: ShotsMap,
  args: { shotId: string; patch: Partial<Omit<Shot, 'shot_id'>> },
): ShotsUpdate | Refused {
  const found = findShot(shotsMap, args.shotId);
  if (!found.ok) return found;
  return {
    ok: true,
    shotsMap: {
      ...shotsMap,
      [args.shotId]: { ...found.shot, ...args.patch, shot_id: args.shotId },
    },
    changedShotIds: [args.shotId],
  };
}

/**
 * Removes a shot (spec 3 §4): an auto-type shot is hidden (`is_hidden`, `hidden_at` in epoch
 * seconds) and stays in the map, so its sync sends a copy; any other shot is deleted (sent as
 * null). `now` is epoch milliseconds.
 */
export function removeShot(
  shotsMap: ShotsMap,
  args: { shotId: string; now: number },
): ShotsUpdate | Refused {
  const found = findShot(shotsMap, args.shotId);
  if (!found.ok) return found;
  const shot = found.shot;
  const next: ShotsMap = { ...shotsMap };
  if (shot.shot_type === 'auto') {
    next[args.shotId] = { ...shot, is_hidden: true, hidden_at: Math.floor(args.now / 1000) };
  } else {
    delete next[args.shotId];
  }
  return { ok: true, shotsMap: next, changedShotIds: [args.shotId] };
}

/** The asset of a shot's first voice-over item, if any. */
function voiceOverAssetOf(
  tracks: readonly Track[],
  shotId: string,
  assets: ReadonlyMap<string, MediaAsset> | null,
): MediaAsset | undefined {
  for (const track of tracks) {
    if (!isVoiceOverTrack(track)) continue;
    const item = track.items.find((candidate) => candidate.shotId === shotId);
    const asset = item?.mediaAssetId ? assets?.get(item.mediaAssetId) : undefined;
    if (asset) return asset;
  }
  return undefined;
}

/** The shot type of a shot made from an asset dropped on the primary track. */
function shotTypeFor(asset: MediaAsset | undefined): ShotType {
  if (asset?.source === 'user_upload')
    return asset.resource_type === 'image' ? 'uploaded_image' : 'uploaded_video';
  return 'manual';
}

/** The shot's active media set to what a primary item shows (an image clears the video). */
function withActiveMedia(shot: Shot, item: TimelineItem, asset: MediaAsset | undefined): Shot {
  if (!asset) return shot;
  if (item.type === 'video')
    return { ...shot, active_video_id: asset.id, active_video_url: asset.url };
  if (item.type === 'image')
    return {
      ...shot,
      active_image_id: asset.id,
      active_image_url: asset.url,
      active_video_id: null,
      active_video_url: null,
    };
  return shot;
}

/**
 * Applies the shot changes of a primary-track edit to the storyboard (spec 3 §4): removed
 * shots are hidden (auto) or deleted, added shots are created or unhidden, updated shots take
 * the item's media as active, and ranks follow the primary order. `now` is epoch milliseconds.
 */
export function applyShotChanges(
  shotsMap: ShotsMap,
  args: {
    changes: readonly ShotChange[];
    timeline: Pick<VideoEditorTimeline, 'tracks' | 'mediaAssets'>;
    now: number;
  },
): ShotsUpdate {
  if (args.changes.length === 0) return { ok: true, shotsMap, changedShotIds: [] };
  const next: ShotsMap = { ...shotsMap };
  const changed = new Set<string>();
  const placed = args.changes.some((change) => change.type !== 'remove');
  const assets = placed
    ? new Map(args.timeline.mediaAssets.map((asset) => [asset.id, asset]))
    : null;
  const onPrimary = placed ? primaryShots(args.timeline.tracks) : null;
  let reorder = false;
  for (const change of args.changes) {
    if (change.type === 'reorder') {
      reorder = true;
      continue;
    }
    if (change.type === 'remove') {
      const shot = next[change.shotId];
      if (!shot) continue;
      if (shot.shot_type === 'auto')
        next[change.shotId] = { ...shot, is_hidden: true, hidden_at: Math.floor(args.now / 1000) };
      else delete next[change.shotId];
      changed.add(change.shotId);
      continue;
    }
    const item = onPrimary?.get(change.shotId);
    if (!item) continue;
    const asset = item.mediaAssetId ? assets?.get(item.mediaAssetId) : undefined;
    const existing = next[change.shotId];
    let shot: Shot =
      existing ??
      ({ shot_id: change.shotId, shot_type: shotTypeFor(asset), lexorank: '' } satisfies Shot);
    if (change.type === 'add') {
      shot = { ...shot, is_hidden: false, hidden_at: null };
      reorder = true;
      // A shot made by splitting another keeps the voice-over part that the split gave it.
      const voice = shot.active_voice_over_audio_id
        ? undefined
        : voiceOverAssetOf(args.timeline.tracks, change.shotId, assets);
      if (voice)
        shot = {
          ...shot,
          active_voice_over_audio_id: voice.id,
          active_voice_over_audio_url: voice.url,
        };
    }
    next[change.shotId] = withActiveMedia(shot, item, asset);
    changed.add(change.shotId);
  }
  if (reorder && onPrimary) for (const id of rankInto(next, [...onPrimary.keys()])) changed.add(id);
  return { ok: true, shotsMap: next, changedShotIds: [...changed] };
}
