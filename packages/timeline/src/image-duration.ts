import type { VideoEditorTimeline } from '@storyloom/core';
import { EDITOR_CONSTANTS, MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { FRAME_EPSILON, timelineFps } from './frames';
import { ignored, refuse } from './refusal';
import { applyEdits } from './ripple-edits';
import { findItem } from './timeline-lookup';
import { clampEffects } from './track-rules';

/**
 * Image display duration (spec 3 §5): 0.1 to 10 seconds, given in seconds (clamped into the
 * bounds); later items shift by the change, fades shrink to half the new length.
 */
export function setImageDuration(
  timeline: VideoEditorTimeline,
  args: { itemId: string; seconds: number },
): CommandResult {
  if (!Number.isFinite(args.seconds)) return refuse('invalid_value', MESSAGES.editor.notAllowed);
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item } = found.value;
  if (item.type !== 'image') return refuse('not_supported', MESSAGES.editor.notSupported);
  const { min, max } = EDITOR_CONSTANTS.property.imageDuration;
  const frames = Math.max(
    1,
    Math.round(Math.min(max, Math.max(min, args.seconds)) * timelineFps(timeline)),
  );
  if (Math.abs(frames - item.durationInFrames) < FRAME_EPSILON) return ignored('same duration');
  const next = clampEffects({ ...item, durationInFrames: frames });
  return commitTracks(
    timeline,
    applyEdits(timeline.tracks, [next]),
    COMMAND_DESCRIPTIONS.imageDuration,
  );
}
