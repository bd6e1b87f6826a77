import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES, SPEED_LIMITS } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { hasSource } from './item-duration';
import { ignored, refuse } from './refusal';
import { applyEdits } from './ripple-edits';
import { groupInfo } from './selection';
import { isVoiceOverTrack } from './shot-links';
import { findItem } from './timeline-lookup';
import { clampEffects, primaryTrackIndex } from './track-rules';

/** The engine's speed clamp (spec 3 §4: minimum 0.1); the property pane offers 0.5–2. */
export function clampSpeed(speed: number): number {
  return Math.min(SPEED_LIMITS.max, Math.max(SPEED_LIMITS.min, speed));
}

/**
 * An item at a new speed: duration = old duration × old speed ÷ new speed, in whole frames
 * (at least one); the source window stays.
 */
export function withSpeed(item: TimelineItem, speed: number): TimelineItem {
  return clampEffects({
    ...item,
    speed,
    durationInFrames: Math.max(1, Math.round((item.durationInFrames * item.speed) / speed)),
  });
}

/**
 * Speed change (spec 3 §4) of a video or audio item.
 * - A shot's item, or a voice-over of a shot: the whole shot changes by the same factor — its
 *   item (a still lasts longer or shorter), its voice-overs (same change of speed) and its
 *   captions (re-timed in proportion) — and later shots ripple.
 * - Any other item: later items on its track shift by the change of duration, and every video
 *   or audio item of the same group gets the same speed.
 */
export function changeSpeed(
  timeline: VideoEditorTimeline,
  args: { itemId: string; speed: number },
): CommandResult {
  if (!Number.isFinite(args.speed)) return refuse('invalid_value', MESSAGES.editor.notAllowed);
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, track, trackIndex } = found.value;
  if (!hasSource(item.type)) return refuse('not_supported', MESSAGES.editor.notSupported);
  const speed = clampSpeed(args.speed);
  if (item.speed === speed) return ignored('same speed');
  const primaryIndex = primaryTrackIndex(timeline.tracks);
  const primary = timeline.tracks[primaryIndex];
  const shotItem =
    trackIndex === primaryIndex
      ? item
      : isVoiceOverTrack(track) && item.shotId
        ? primary?.items.find((candidate) => candidate.shotId === item.shotId)
        : undefined;

  if (shotItem) {
    const scale = item.speed / speed;
    const next = hasSource(shotItem.type)
      ? withSpeed(shotItem, clampSpeed(shotItem.speed / scale))
      : clampEffects({
          ...shotItem,
          durationInFrames: Math.max(1, Math.round(shotItem.durationInFrames * scale)),
        });
    return commitTracks(timeline, applyEdits(timeline.tracks, [next]), COMMAND_DESCRIPTIONS.speed, {
      units: new Map([[shotItem.id, { scale }]]),
    });
  }

  const group = item.groupId ? groupInfo(timeline, item.groupId) : null;
  const targets = (group ? group.items : [item]).filter(
    (target) => hasSource(target.type) && target.speed !== speed,
  );
  if (targets.length === 0) return ignored('same speed');
  return commitTracks(
    timeline,
    applyEdits(
      timeline.tracks,
      targets.map((target) => withSpeed(target, speed)),
    ),
    COMMAND_DESCRIPTIONS.speed,
  );
}
