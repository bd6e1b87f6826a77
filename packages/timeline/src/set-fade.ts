import type { Effect, TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { timelineFps } from './frames';
import { ignored, refuse } from './refusal';
import { findItem } from './timeline-lookup';

/**
 * Fade in / fade out (spec 3 §5): 0 to half the item's duration, given in seconds; zero
 * removes the effect. Captions have no fades.
 */
export function setFade(
  timeline: VideoEditorTimeline,
  args: { itemId: string; type: Effect['type']; seconds: number },
): CommandResult {
  if (!Number.isFinite(args.seconds) || args.seconds < 0)
    return refuse('invalid_value', MESSAGES.editor.notAllowed);
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  if (item.type === 'caption') return refuse('not_supported', MESSAGES.editor.notSupported);
  const frames = Math.min(
    Math.round(args.seconds * timelineFps(timeline)),
    Math.floor(item.durationInFrames / 2),
  );
  const others = (item.effects ?? []).filter((effect) => effect.type !== args.type);
  const current = item.effects?.find((effect) => effect.type === args.type);
  if ((current?.durationInFrames ?? 0) === frames) return ignored('same fade');
  const effects = frames > 0 ? [...others, { type: args.type, durationInFrames: frames }] : others;
  const next: TimelineItem = { ...item, effects };
  if (effects.length === 0) delete next.effects;
  const tracks = timeline.tracks.map((track, index) =>
    index === trackIndex
      ? { ...track, items: track.items.map((candidate) => (candidate === item ? next : candidate)) }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.fade);
}
