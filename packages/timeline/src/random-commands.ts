/**
 * Commands from plain numbers, for the property tests and the benchmark (not exported from the
 * entry point). A plan picks a command and its targets by index into the current timeline, so
 * any sequence of plans is meaningful for any timeline.
 */
import type { TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { insertCaptionTracks, editCaption } from './caption-tracks';
import { changeSpeed } from './change-speed';
import { changeVolume, nudgeVolume } from './change-volume';
import type { CommandResult } from './commit-tracks';
import { deleteItems } from './delete-items';
import { itemEnd } from './frames';
import { groupItems, ungroupItems } from './group-items';
import { linkCaption, unlinkCaption } from './caption-links';
import { insertAsset } from './insert-asset';
import { moveItems } from './move-items';
import { setFade } from './set-fade';
import { splitItem } from './split-item';
import { primaryTrackIndex } from './track-rules';
import { trimItem } from './trim-item';

export const COMMAND_KINDS = [
  'insert',
  'move',
  'trim',
  'speed',
  'volume',
  'fade',
  'delete',
  'group',
  'editCaption',
  'captions',
  'split',
  'captionLink',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** `pick`, `other`, `choice` are non-negative integers; `x`, `y` are in [0, 1). */
export interface CommandPlan {
  kind: CommandKind;
  pick: number;
  other: number;
  choice: number;
  x: number;
  y: number;
}

interface Located {
  item: TimelineItem;
  track: Track;
  trackIndex: number;
  itemIndex: number;
}

/** The n-th item (modulo the count) of the tracks that pass `accept`, without copying them. */
function nthItem(
  tracks: readonly Track[],
  n: number,
  accept: (track: Track) => boolean = () => true,
): Located | undefined {
  let count = 0;
  for (const track of tracks) if (accept(track)) count += track.items.length;
  if (count === 0) return undefined;
  let index = n % count;
  for (let trackIndex = 0; trackIndex < tracks.length; trackIndex++) {
    const track = tracks[trackIndex]!;
    if (!accept(track)) continue;
    if (index < track.items.length)
      return { item: track.items[index]!, track, trackIndex, itemIndex: index };
    index -= track.items.length;
  }
  return undefined;
}

function endOf(timeline: VideoEditorTimeline): number {
  let end = 0;
  for (const track of timeline.tracks)
    for (const item of track.items) end = Math.max(end, itemEnd(item));
  return end;
}

/** Applies a plan; null when it has nothing to act on (e.g. no items yet). */
export function applyCommandPlan(
  timeline: VideoEditorTimeline,
  plan: CommandPlan,
  newId: IdSource,
): CommandResult | null {
  const command = prepareCommandPlan(timeline, plan, newId);
  return command ? command() : null;
}

/**
 * Resolves a plan against a timeline into the command call itself (so a benchmark can time the
 * command alone); null when it has nothing to act on.
 */
export function prepareCommandPlan(
  timeline: VideoEditorTimeline,
  plan: CommandPlan,
  newId: IdSource,
): (() => CommandResult) | null {
  const { tracks } = timeline;
  const at = nthItem(tracks, plan.pick);
  // Mostly aim at a track of the same type (the only moves allowed), sometimes anywhere.
  const other =
    at && plan.choice % 4 !== 0
      ? nthItem(tracks, plan.other, (track) => track.type === at.track.type)
      : nthItem(tracks, plan.other);
  const end = endOf(timeline);
  switch (plan.kind) {
    case 'insert': {
      const mode = plan.choice % 3;
      const targetType =
        mode === 0
          ? other?.track.type
          : mode === 1
            ? tracks[plan.other % Math.max(1, tracks.length)]?.type
            : undefined;
      const fitting =
        plan.pick % 5 === 0 || !targetType
          ? timeline.mediaAssets
          : timeline.mediaAssets.filter((candidate) =>
              targetType === 'audio'
                ? candidate.resource_type === 'audio'
                : candidate.resource_type === 'video' || candidate.resource_type === 'image',
            );
      const asset = fitting[plan.pick % Math.max(1, fitting.length)];
      if (!asset) return null;
      if (mode === 0 && other)
        return () =>
          insertAsset(timeline, {
            assetId: asset.id,
            target: { kind: 'item', itemId: other.item.id, pointerFraction: plan.x },
            newId,
          });
      if (mode === 1 && tracks.length)
        return () =>
          insertAsset(timeline, {
            assetId: asset.id,
            target: {
              kind: 'track',
              trackId: tracks[plan.other % tracks.length]!.id,
              frame: Math.floor(plan.y * (end + 300)),
            },
            newId,
          });
      return () =>
        insertAsset(timeline, {
          assetId: asset.id,
          target: {
            kind: 'new-track',
            index: plan.other % (tracks.length + 1),
            frame: Math.floor(plan.y * 300),
          },
          newId,
        });
    }
    case 'move': {
      if (!at || !other) return null;
      const selectionKind = plan.choice % 3;
      const selection =
        selectionKind === 1
          ? {
              kind: 'items' as const,
              itemIds: at.track.items
                .slice(at.itemIndex, at.itemIndex + 1 + (plan.other % 3))
                .map((item) => item.id),
            }
          : selectionKind === 2 && at.item.groupId
            ? { kind: 'group' as const, groupId: at.item.groupId }
            : { kind: 'item' as const, itemId: at.item.id };
      const targetKind = Math.floor(plan.x * 3);
      if (targetKind === 0)
        return () =>
          moveItems(timeline, {
            selection,
            target: { kind: 'item', itemId: other.item.id, pointerFraction: plan.y },
            newId,
          });
      if (targetKind === 1) {
        const candidates =
          plan.choice % 4 === 0 ? tracks : tracks.filter((track) => track.type === at.track.type);
        const track = candidates[plan.other % candidates.length]!;
        const primary = tracks[primaryTrackIndex(tracks)];
        // Pointer drags land between frames (e.g. 275.833201); the engine snaps them.
        let frame = plan.y * (end + 100) - (plan.choice % 5 === 0 ? 50 : 0);
        if (track === primary && plan.choice % 2 === 0) {
          const boundaries = [0, ...track.items.map(itemEnd)];
          frame = boundaries[plan.other % boundaries.length]!;
        }
        return () =>
          moveItems(timeline, {
            selection,
            target: { kind: 'frame', trackId: track.id, frame },
            newId,
          });
      }
      return () =>
        moveItems(timeline, {
          selection,
          target: { kind: 'new-track', index: plan.other % (tracks.length + 1) },
          newId,
        });
    }
    case 'trim': {
      if (!at) return null;
      const delta = plan.choice % 7 === 0 ? 0.005 : (plan.y - 0.5) * 1.5 * at.item.durationInFrames;
      return () =>
        trimItem(timeline, {
          itemId: at.item.id,
          edge: plan.x < 0.5 ? 'start' : 'end',
          deltaFrames: delta,
        });
    }
    case 'speed':
      return at
        ? () => changeSpeed(timeline, { itemId: at.item.id, speed: 0.05 + plan.y * 3 })
        : null;
    case 'volume':
      if (!at) return null;
      return plan.choice % 2
        ? () => changeVolume(timeline, { itemId: at.item.id, volume: plan.y * 1.2 - 0.1 })
        : () => nudgeVolume(timeline, { itemId: at.item.id, direction: plan.x < 0.5 ? -1 : 1 });
    case 'fade':
      return at
        ? () =>
            setFade(timeline, {
              itemId: at.item.id,
              type: plan.x < 0.5 ? 'fade-in' : 'fade-out',
              seconds: plan.y * 5,
            })
        : null;
    case 'delete':
      if (!at || !other) return null;
      return () =>
        deleteItems(timeline, {
          selection:
            plan.choice % 3 === 1
              ? { kind: 'items', itemIds: [at.item.id, other.item.id] }
              : plan.choice % 3 === 2 && at.item.groupId
                ? { kind: 'group', groupId: at.item.groupId }
                : { kind: 'item', itemId: at.item.id },
        });
    case 'group':
      if (!at || !other) return null;
      return plan.choice % 4 === 3
        ? () => ungroupItems(timeline, { groupId: `g${plan.other % 3}` })
        : () =>
            groupItems(timeline, {
              itemIds: [at.item.id, other.item.id],
              groupId: `g${plan.choice % 3}`,
            });
    case 'editCaption': {
      const caption = nthItem(tracks, plan.pick, (track) => track.type === 'caption');
      if (!caption) return null;
      const start = Math.floor(plan.y * 300);
      return () =>
        editCaption(timeline, {
          itemId: caption.item.id,
          text: `t${plan.choice}`,
          startFrame: start,
          endFrame:
            plan.choice % 5 === 0
              ? start + 0.5
              : plan.choice % 7 === 0
                ? 2000
                : start + 1 + plan.x * 60,
        });
    }
    case 'split': {
      if (!at) return null;
      const frame = at.item.startTimeInFrames + plan.y * at.item.durationInFrames;
      return () => splitItem(timeline, { itemId: at.item.id, frame, newId });
    }
    case 'captionLink': {
      const caption = nthItem(tracks, plan.pick, (track) => track.type === 'caption');
      if (!caption) return null;
      return plan.choice % 2
        ? () => unlinkCaption(timeline, { itemId: caption.item.id })
        : () => linkCaption(timeline, { itemId: caption.item.id });
    }
    case 'captions': {
      const audio = tracks.filter((track) => track.type === 'audio');
      const source = audio[plan.pick % Math.max(1, audio.length)];
      if (!source) return null;
      const captionItems: TimelineItem[] = source.items.map((item, index) => ({
        id: `${source.id}-caption-${index}`,
        type: 'caption',
        startTimeInFrames: item.startTimeInFrames,
        durationInFrames: Math.max(1, item.durationInFrames / 2),
        speed: 1,
        volume: 1,
        caption: { data: { text: `caption ${index}` } },
      }));
      return () =>
        insertCaptionTracks(timeline, {
          captions: {
            [source.id]: { id: `captions-${source.id}`, type: 'caption', items: captionItems },
          },
          newId,
        });
    }
  }
}
