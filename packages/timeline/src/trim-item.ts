import type { MediaAsset, TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { EDITOR_CONSTANTS, MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { FRAME_EPSILON, itemEnd, timelineFps } from './frames';
import { freeRange } from './free-range';
import { assetSourceFrames, hasSource, sourceWindow } from './item-duration';
import { ignored, refuse } from './refusal';
import { applyEdits } from './ripple-edits';
import { groupInfo } from './selection';
import { isClippedLink } from './shot-links';
import { assetIndex, findItem } from './timeline-lookup';
import { clampEffects, primaryTrackIndex } from './track-rules';

export interface TrimItemArgs {
  itemId: string;
  /** The dragged edge. */
  edge: 'start' | 'end';
  /** How far the edge moved, in timeline frames (positive = to the right); rounded to a whole frame. */
  deltaFrames: number;
}

/** The shortest caption (spec 3 §5: end frame ≥ start + 1). */
const MIN_CAPTION_FRAMES = 1;

/**
 * Resize/trim from either edge (spec 3 §4), committed as one undoable batch 'Resize item' when
 * the change exceeds 0.01 frames; the edge snaps to a whole frame.
 * - A shot's item (primary track): later shots ripple; its voice-over and captions keep their
 *   place in the shot — a left-edge trim cuts (or uncovers) the head of the whole shot, and a
 *   shorter shot cuts its voice-over and captions at its new end (followUnits). Other items of
 *   its group (not voice-over or caption) are trimmed by the same amount.
 * - A voice-over or caption item: nothing ripples; the edge stays between its neighbours and
 *   inside its unit (a voice-over inside its shot; a linked caption inside its voice-over; a
 *   free caption before `captionEndLimit`). A voice-over's captions are cut with it.
 * - Any other item keeps its start and later items on its track shift by the change; items of
 *   the same group are trimmed by the same amount.
 * A video or audio item's source window moves with the edge and may not start before 0 nor end
 * beyond its media; an image has no source limit. If any item cannot be trimmed, nothing is.
 */
export function trimItem(timeline: VideoEditorTimeline, args: TrimItemArgs): CommandResult {
  if (!Number.isFinite(args.deltaFrames))
    return refuse('invalid_value', MESSAGES.editor.invalidTrim);
  const delta = Math.round(args.deltaFrames);
  if (Math.abs(args.deltaFrames) <= EDITOR_CONSTANTS.resizeCommitThresholdFrames || delta === 0)
    return ignored('below the resize threshold');
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, track, trackIndex } = found.value;
  const assets = assetIndex(timeline.mediaAssets);
  const fps = timelineFps(timeline);
  const trim = (target: TimelineItem, by: number) => {
    const asset = target.mediaAssetId ? assets.get(target.mediaAssetId) : undefined;
    return trimmed(target, args.edge, by, asset, fps);
  };

  const range = freeRange(timeline, found.value);
  if (range) {
    const by =
      args.edge === 'start'
        ? Math.max(delta, range.start - item.startTimeInFrames)
        : Math.min(delta, range.end - itemEnd(item));
    if (by === 0) return ignored('at the edge of its free space');
    const next = trim(item, by);
    if (!next) return refuse('invalid_trim', MESSAGES.editor.invalidTrim);
    const tracks = timeline.tracks.map((candidate, index) =>
      index === trackIndex
        ? { ...candidate, items: candidate.items.map((old) => (old === item ? next : old)) }
        : candidate,
    );
    return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.resize);
  }

  const onPrimary = trackIndex === primaryTrackIndex(timeline.tracks);
  const group = item.groupId ? groupInfo(timeline, item.groupId) : null;
  const unitLinked = new Set<string>();
  if (onPrimary && group)
    for (const candidate of timeline.tracks)
      if (candidate !== track && isClippedLink(candidate))
        for (const member of candidate.items) unitLinked.add(member.id);
  const targets = group ? group.items.filter((member) => !unitLinked.has(member.id)) : [item];
  const edited: TimelineItem[] = [];
  for (const target of targets) {
    const next = trim(target, delta);
    if (!next) return refuse('invalid_trim', MESSAGES.editor.invalidTrim);
    edited.push(next);
  }
  const units = onPrimary && args.edge === 'start' ? new Map([[item.id, { cut: delta }]]) : null;
  return commitTracks(timeline, applyEdits(timeline.tracks, edited), COMMAND_DESCRIPTIONS.resize, {
    ...(units ? { units } : {}),
  });
}

/** One item trimmed by whole frames, or null when the trim is invalid. */
export function trimmed(
  item: TimelineItem,
  edge: 'start' | 'end',
  delta: number,
  asset: MediaAsset | undefined,
  fps: number,
): TimelineItem | null {
  if (item.type === 'caption') {
    const start = edge === 'start' ? item.startTimeInFrames + delta : item.startTimeInFrames;
    const duration =
      edge === 'start' ? item.durationInFrames - delta : item.durationInFrames + delta;
    if (start < 0 || duration < MIN_CAPTION_FRAMES) return null;
    return clampEffects({ ...item, startTimeInFrames: start, durationInFrames: duration });
  }
  const duration = edge === 'start' ? item.durationInFrames - delta : item.durationInFrames + delta;
  if (!(duration >= 1)) return null;
  if (!hasSource(item.type)) return clampEffects({ ...item, durationInFrames: duration });
  const window = sourceWindow(item);
  const sourceDelta = Math.round(delta * item.speed);
  const trimStart = edge === 'start' ? window.start + sourceDelta : window.start;
  const trimEnd = edge === 'end' ? window.end + sourceDelta : window.end;
  if (trimStart < 0) return null;
  const media = assetSourceFrames(asset, fps);
  const limit = media === null ? window.end : Math.floor(media + FRAME_EPSILON);
  if (edge === 'end' && delta > 0 && trimEnd > Math.max(limit, window.end)) return null;
  return clampEffects({
    ...item,
    durationInFrames: duration,
    sourceTrimStartFrames: trimStart,
    sourceTrimEndFrames: Math.max(trimStart, trimEnd),
  });
}
