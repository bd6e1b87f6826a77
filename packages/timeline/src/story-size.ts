import {
  storyAspectRatio,
  type AspectRatio,
  type PictureFit,
  type StorySizeSource,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { ignored } from './refusal';

/**
 * The editor's aspect-ratio control as a command ('Change aspect ratio'): the story's size (and
 * how pictures and clips of another shape fill it, cover unless told) go in the timeline's
 * globalConfig, so the change is one undo step, syncs with the timeline, and the export follows
 * (core's `storyAspectRatio` reads it first). Nothing changes when both are already so.
 */
export function setStoryAspectRatio(
  timeline: VideoEditorTimeline,
  args: { aspectRatio: AspectRatio; fit?: PictureFit },
): CommandResult {
  const fit = args.fit ?? timeline.globalConfig.pictureFit ?? 'cover';
  const config = timeline.globalConfig;
  if (config.aspectRatio === args.aspectRatio && config.pictureFit === fit)
    return ignored('no change');
  return commitTracks(timeline, timeline.tracks, COMMAND_DESCRIPTIONS.aspectRatio, {
    timeline: { globalConfig: { ...config, aspectRatio: args.aspectRatio, pictureFit: fit } },
  });
}

/** What the story says about its size besides its timeline (creation inputs, metadata). */
export type StorySizeInputs = Pick<StorySizeSource, 'categoryInputs' | 'metadata'>;

const known = new WeakMap<VideoEditorTimeline, AspectRatio>();

/**
 * The story's aspect ratio as the player shows it and the export writes it: core's one rule
 * (`storyAspectRatio`, which `storyOutputSettings` sizes from), worked out once per timeline
 * value because the editor's selectors ask on every store change.
 */
export function timelineAspectRatio(
  timeline: VideoEditorTimeline,
  inputs: StorySizeInputs,
): AspectRatio {
  const chosen = timeline.globalConfig.aspectRatio;
  if (chosen) return chosen;
  const cached = known.get(timeline);
  if (cached) return cached;
  const ratio = storyAspectRatio({ ...inputs, timeline });
  known.set(timeline, ratio);
  return ratio;
}
