import type { Shot, SyncResponse } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { loadTimeline } from '@storyloom/timeline';
import type { SessionUser } from '../auth/session.js';
import type { MediaRegistry } from '../storage/media-registry.js';
import { HttpError, badRequest, conflict } from '../http/errors.js';
import type { StoryRepository } from './story-repository.js';
import { ownedStory } from './story-service.js';
import type { StorySyncRepository } from './story-sync-repository.js';

export interface StorySyncInput {
  /** Shots to upsert; null deletes one. */
  shots_map: Record<string, Shot | null>;
  /** The whole timeline, validated and repaired here before it is stored. */
  video_editor_timeline: Record<string, unknown>;
  /** The story version the editor's changes are based on. */
  base_version: number;
}

/**
 * POST /stories/{id}/sync (spec 3 §4 "Sync with server", §7): the owner's editor stores its
 * shots and timeline. A write based on an older version than the story's is refused with 409
 * and changes nothing, so one tab never silently overwrites another's newer work. Media the
 * owner may not use (`MediaRegistry.usableBy`) is refused with 400.
 */
export class StorySyncService {
  constructor(
    private readonly stories: StoryRepository,
    private readonly sync: StorySyncRepository,
    private readonly media: MediaRegistry,
  ) {}

  async apply(id: string, viewer: SessionUser, input: StorySyncInput): Promise<SyncResponse> {
    const row = await ownedStory(this.stories, id, viewer);
    for (const [key, shot] of Object.entries(input.shots_map)) {
      if (shot && shot.shot_id !== key)
        throw badRequest(`shots_map.${key}.shot_id: must be the shot's key (${key})`);
    }
    const loaded = loadTimeline(input.video_editor_timeline);
    if (!loaded.ok) throw new HttpError(400, 'INVALID_TIMELINE', loaded.reason.message);
    // The story may name only media its owner may use: else its zip, export and renders would
    // hand someone else's private files to whoever syncs their URLs.
    await this.media.assertUsable(
      { shots_map: input.shots_map, video_editor_timeline: loaded.timeline },
      viewer.id,
    );
    if (row.version !== input.base_version) throw stale();

    const storyboard: Record<string, unknown> = { ...(row.storyboard ?? {}) };
    const current = storyboard.shots_map;
    const shots: Record<string, unknown> =
      typeof current === 'object' && current !== null && !Array.isArray(current)
        ? { ...(current as Record<string, unknown>) }
        : {};
    for (const [shotId, shot] of Object.entries(input.shots_map)) {
      if (shot === null) delete shots[shotId];
      else shots[shotId] = shot;
    }
    storyboard.shots_map = shots;

    const version = await this.sync.writeIfVersion(id, input.base_version, {
      storyboard,
      videoEditorTimeline: loaded.timeline,
    });
    if (version === null) throw stale();
    return { version, is_export_outdated: true };
  }
}

const stale = () => conflict(MESSAGES.editor.syncConflict, 'STALE_VERSION');
