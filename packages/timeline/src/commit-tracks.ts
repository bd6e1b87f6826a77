import type { Track, VideoEditorTimeline } from '@storyloom/core';
import { totalDurationFrames } from './frames';
import { followUnits, type UnitChange } from './follow-units';
import type { Refused } from './refusal';
import { diffPrimaryShots, type ShotChange } from './shot-changes';
import { assetIndex } from './timeline-lookup';
import { applyTrackRules } from './track-rules';

/**
 * A command's answer (STYLE.md §2–3): the new timeline, the undo label of the edit
 * ('Resize item'...), the shot changes it implies, the recomputed total duration and, when the
 * edit decides it, the selection afterwards. The store applies it and records history.
 */
export interface CommandSuccess {
  ok: true;
  timeline: VideoEditorTimeline;
  description: string;
  shotChanges: ShotChange[];
  totalDurationInFrames: number;
  selection?: string[];
}

export type CommandResult = CommandSuccess | Refused;

/** Undo labels of the commands. */
export const COMMAND_DESCRIPTIONS = {
  insert: 'Insert item',
  replace: 'Replace item',
  addTrack: 'Add track',
  move: 'Move item',
  resize: 'Resize item',
  speed: 'Change speed',
  volume: 'Change volume',
  fade: 'Change fade',
  imageDuration: 'Change image duration',
  delete: 'Delete item',
  captions: 'Detect captions',
  editCaption: 'Edit caption',
  captionStyle: 'Change caption style',
  captionsDisplay: 'Display captions',
  group: 'Group items',
  ungroup: 'Ungroup items',
  split: 'Split item',
  unlinkCaption: 'Unlink caption',
  linkCaption: 'Link caption to shot',
  aspectRatio: 'Change aspect ratio',
} as const;

/**
 * Finishes an edit: applies the track rules, keeps each shot's linked items with it
 * (`followUnits`, told by `units` what the edit did to a shot item besides moving it) and works
 * out the shot changes and total duration.
 */
export function commitTracks(
  before: VideoEditorTimeline,
  tracks: Track[],
  description: string,
  options: {
    selection?: string[];
    timeline?: Partial<VideoEditorTimeline>;
    units?: ReadonlyMap<string, UnitChange>;
  } = {},
): CommandSuccess {
  const mediaAssets = options.timeline?.mediaAssets ?? before.mediaAssets;
  const assets = assetIndex(mediaAssets);
  const ruled = applyTrackRules(tracks, assets, { settle: false });
  const followed = applyTrackRules(followUnits(before.tracks, ruled, options.units), assets);
  const timeline: VideoEditorTimeline = { ...before, ...options.timeline, tracks: followed };
  const result: CommandSuccess = {
    ok: true,
    timeline,
    description,
    shotChanges: diffPrimaryShots(before.tracks, followed),
    totalDurationInFrames: totalDurationFrames(followed),
  };
  if (options.selection) result.selection = options.selection;
  return result;
}
