import {
  storyAspectRatio,
  type AspectRatio,
  type PictureFit,
  type StorySizeSource,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { commitTracks, ignored, type CommandResult } from '@storyloom/timeline';

/** Undo label of the aspect-ratio control. */
export const ASPECT_RATIO_DESCRIPTION = 'Change aspect ratio';

/**
 * The editor's aspect-ratio control as a timeline command: the story's size (and how pictures
 * and clips of another shape fill it, cover unless told) go in the timeline's globalConfig, so
 * the change is one undo step, syncs with the timeline, and the export follows (core's
 * `storyAspectRatio` reads it first). Nothing changes when both are already so.
 */
export function setStoryAspectRatio(
  timeline: VideoEditorTimeline,
  args: { aspectRatio: AspectRatio; fit?: PictureFit },
): CommandResult {
  const fit = args.fit ?? timeline.globalConfig.pictureFit ?? 'cover';
  const config = timeline.globalConfig;
  if (config.aspectRatio === args.aspectRatio && config.pictureFit === fit)
    return ignored('no change');
  return commitTracks(timeline, timeline.tracks, ASPECT_RATIO_DESCRIPTION, {
    timeline: { globalConfig: { ...config, aspectRatio: args.aspectRatio, pictureFit: fit } },
  });
}

/** What the story says about its size besides its timeline (creation inputs, metadata). */
export type StorySizeInputs = Pick<StorySizeSource, 'categoryInputs' | 'metadata'>;

const cache = new WeakMap<VideoEditorTimeline, AspectRatio>();

/**
 * The story's aspect ratio as the player shows it and the export writes it (core's rule),
 * worked out once per timeline value: selectors run on every store change.
 */
export function editorAspectRatio(
  timeline: VideoEditorTimeline,
  inputs: StorySizeInputs,
): AspectRatio {
  const chosen = timeline.globalConfig.aspectRatio;
  if (chosen) return chosen;
  const known = cache.get(timeline);
  if (known) return known;
  const ratio = storyAspectRatio({ ...inputs, timeline });
  cache.set(timeline, ratio);
  return ratio;
}
