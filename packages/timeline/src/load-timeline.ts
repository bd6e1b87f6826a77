import type { VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES, emptyTimeline, videoEditorTimelineSchema } from '@storyloom/core';
import { timelineViolations } from './invariants';
import { refuse, type Refused } from './refusal';
import {
  LoadRefusal,
  cloneJson,
  isRecord,
  repairAssets,
  repairGlobalConfig,
  repairTracks,
} from './repair-timeline';
import { migrateTimelineDocument } from './timeline-migrations';
import { assetIndex } from './timeline-lookup';

export interface LoadedTimeline {
  ok: true;
  timeline: VideoEditorTimeline;
  /** What was repaired or skipped (the spec logs these as warnings). */
  repairs: string[];
  /** The schema version the document had before migration. */
  migratedFrom: number;
}

/**
 * Loads a stored `video_editor_timeline` (spec 3 §4 "Timeline initialisation"; STYLE.md §5):
 * migrates it to the current schema version, validates and repairs it, and returns a timeline
 * that keeps every rule of the engine — or refuses with the spec's texts: 'Invalid track data
 * provided', 'Invalid media asset data provided', else 'Failed to initialize timeline' (also for
 * a document from a newer version). Never throws. No document (null) is an empty timeline.
 */
export function loadTimeline(raw: unknown): LoadedTimeline | Refused {
  try {
    return load(raw);
  } catch (error) {
    if (error instanceof LoadRefusal)
      return refuse(error.code, error.message, { detail: error.detail });
    return refuse('init_failed', MESSAGES.editor.initFailed);
  }
}

function load(raw: unknown): LoadedTimeline | Refused {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return refuse('init_failed', MESSAGES.editor.initFailed, { detail: 'not JSON' });
    }
  }
  if (value === null || value === undefined)
    return { ok: true, timeline: emptyTimeline(), repairs: [], migratedFrom: 0 };
  if (!isRecord(value))
    return refuse('init_failed', MESSAGES.editor.initFailed, { detail: 'not an object' });
  const migrated = migrateTimelineDocument(cloneJson(value) as Record<string, unknown>);
  if (!migrated)
    return refuse('init_failed', MESSAGES.editor.initFailed, { detail: 'unsupported version' });
  const { document } = migrated;
  const repairs: string[] = [];
  const mediaAssets = repairAssets(document.mediaAssets, repairs);
  const globalConfig = repairGlobalConfig(document.globalConfig, repairs);
  const tracks = repairTracks(document.tracks, {
    assets: assetIndex(mediaAssets),
    fps: globalConfig.fps,
    repairs,
  });
  const parsed = videoEditorTimelineSchema.safeParse({
    schemaVersion: document.schemaVersion,
    tracks,
    mediaAssets,
    globalConfig,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = `${issue?.path.join('.')}: ${issue?.message}`;
    const root = issue?.path[0];
    if (root === 'tracks')
      return refuse('invalid_tracks', MESSAGES.editor.invalidTracks, { detail });
    if (root === 'mediaAssets')
      return refuse('invalid_assets', MESSAGES.editor.invalidAssets, { detail });
    return refuse('init_failed', MESSAGES.editor.initFailed, { detail });
  }
  const violations = timelineViolations(parsed.data);
  if (violations.length > 0)
    return refuse('invalid_tracks', MESSAGES.editor.invalidTracks, { detail: violations[0]! });
  return { ok: true, timeline: parsed.data, repairs, migratedFrom: migrated.from };
}
