import type { MediaAsset, TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { EDITOR_CONSTANTS, MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { FRAME_EPSILON, timelineFps } from './frames';
import { assetSourceFrames, hasSource, sourceWindow } from './item-duration';
import { ignored, refuse } from './refusal';
import { applyEdits } from './ripple-edits';
import { groupInfo } from './selection';
import { assetIndex, findItem } from './timeline-lookup';
import { clampEffects } from './track-rules';

export interface TrimItemArgs {
  itemId: string;
  /** The dragged edge. */
  edge: 'start' | 'end';
  /** How far the edge moved, in timeline frames (positive = to the right). */
  deltaFrames: number;
}

/** The shortest caption (spec 3 §5: end frame ≥ start + 1). */
const MIN_CAPTION_FRAMES = 1;

/**
 * Resize/trim from either edge (spec 3 §4), committed as one undoable batch 'Resize item' when
 * the change exceeds 0.01 frames. The item keeps its start and later items shift by the change
 * of its duration; a video or audio item's source window moves with the edge and may not start
 * before 0 nor end beyond its media; an image has no source limit; a caption is resized
 * without source trim (its left edge moves its start and nothing shifts). Items of the same
 * group are trimmed by the same amount; if any of them cannot be, nothing is.
 */
export function trimItem(timeline: VideoEditorTimeline, args: TrimItemArgs): CommandResult {
  if (!Number.isFinite(args.deltaFrames))
    return refuse('invalid_value', MESSAGES.editor.invalidTrim);
  if (Math.abs(args.deltaFrames) <= EDITOR_CONSTANTS.resizeCommitThresholdFrames)
    return ignored('below the resize threshold');
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item } = found.value;
  const group = item.groupId ? groupInfo(timeline, item.groupId) : null;
  const targets = group ? group.items : [item];
  const assets = assetIndex(timeline.mediaAssets);
  const fps = timelineFps(timeline);
  const edited: TimelineItem[] = [];
  for (const target of targets) {
    const asset = target.mediaAssetId ? assets.get(target.mediaAssetId) : undefined;
    const next = trimmed(target, args.edge, args.deltaFrames, asset, fps);
    if (!next) return refuse('invalid_trim', MESSAGES.editor.invalidTrim);
    edited.push(next);
  }
  return commitTracks(timeline, applyEdits(timeline.tracks, edited), COMMAND_DESCRIPTIONS.resize);
}

/** One item trimmed, or null when the trim is invalid. */
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
    if (start < -FRAME_EPSILON || duration < MIN_CAPTION_FRAMES - FRAME_EPSILON) return null;
    return clampEffects({
      ...item,
      startTimeInFrames: Math.max(0, start),
      durationInFrames: duration,
    });
  }
  const duration = edge === 'start' ? item.durationInFrames - delta : item.durationInFrames + delta;
  if (!(duration > FRAME_EPSILON)) return null;
  if (!hasSource(item.type)) return clampEffects({ ...item, durationInFrames: duration });
  const window = sourceWindow(item);
  const sourceDelta = delta * item.speed;
  const trimStart = edge === 'start' ? window.start + sourceDelta : window.start;
  const trimEnd = edge === 'end' ? window.end + sourceDelta : window.end;
  if (trimStart < -FRAME_EPSILON) return null;
  const limit = assetSourceFrames(asset, fps) ?? window.end;
  if (edge === 'end' && delta > 0 && trimEnd > limit + FRAME_EPSILON) return null;
  return clampEffects({
    ...item,
    durationInFrames: duration,
    sourceTrimStartFrames: Math.max(0, trimStart),
    sourceTrimEndFrames: trimEnd,
  });
}
