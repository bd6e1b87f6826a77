import {
  emptyTimeline,
  MESSAGES,
  type ShotsMap,
  type Story,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { buildTimelineFromShots, type Refused, type ShotsUpdate } from '@storyloom/timeline';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-error';
import { fetchStory } from '../../lib/stories-api';
import { queryKeys } from '../../lib/query-keys';
import { syncStory } from '../shots/shots-api';

/** A storyboard edit of `@storyloom/timeline` (updateShot, addShot, reorderShot...). */
export type StoryboardEdit = (shotsMap: ShotsMap) => ShotsUpdate | Refused;

/**
 * The timeline after a storyboard edit: a story with tracks has them rebuilt from its shots
 * (keeping the edits of unchanged items); one without (a blank story, a paused preview) keeps
 * its assets and gets its tracks when its media is generated.
 */
export function timelineForShots(
  shotsMap: ShotsMap,
  timeline: VideoEditorTimeline | null,
): VideoEditorTimeline {
  if (timeline && timeline.tracks.length > 0) {
    const built = buildTimelineFromShots({
      shotsMap,
      mediaAssets: timeline.mediaAssets,
      previous: timeline,
    });
    return built.ok ? built.timeline : timeline;
  }
  return timeline ?? emptyTimeline();
}

interface Draft {
  shotsMap: ShotsMap;
  timeline: VideoEditorTimeline | null;
  version: number | null;
}

const draftOf = (story: Story): Draft => ({
  shotsMap: story.storyboard?.shots_map ?? {},
  timeline: story.video_editor_timeline,
  version: story.version ?? null,
});

/**
 * The list view's storyboard: edits apply at once and are saved one after another with
 * POST /stories/{id}/sync (the changed shots, the rebuilt timeline, the version they build
 * on). When the story changed meanwhile (a generation finished: 409), the edit is applied
 * again to the newest story and saved once more. A newer story from the server (after a
 * generation) replaces the local one once no save is pending.
 */
export function useStoryboardEdits(story: Story) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(story));
  const latest = useRef(draft);
  const pending = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const queryClient = useQueryClient();

  useEffect(() => {
    if (pending.current > 0) return;
    const next = draftOf(story);
    latest.current = next;
    setDraft(next);
  }, [story]);

  const commit = (next: Draft) => {
    latest.current = next;
    setDraft(next);
  };

  async function saveOnce(edit: StoryboardEdit): Promise<'saved' | 'conflict' | 'refused'> {
    const base = latest.current;
    const result = edit(base.shotsMap);
    if (!result.ok) {
      toast.error(result.reason.message);
      return 'refused';
    }
    if (result.changedShotIds.length === 0) return 'saved';
    const timeline = timelineForShots(result.shotsMap, base.timeline);
    commit({ ...base, shotsMap: result.shotsMap, timeline });
    const shots: Record<string, ShotsMap[string] | null> = {};
    for (const id of result.changedShotIds) shots[id] = result.shotsMap[id] ?? null;
    try {
      const answer = await syncStory(story.id, {
        shots_map: shots,
        video_editor_timeline: timeline,
        ...(base.version !== null ? { base_version: base.version } : {}),
      });
      commit({ ...latest.current, version: answer.version });
      return 'saved';
    } catch (error) {
      const fresh = await fetchStory(story.id);
      commit(draftOf(fresh));
      if (error instanceof ApiError && error.status === 409) return 'conflict';
      toast.error(
        MESSAGES.story.error(
          error instanceof Error ? error.message : MESSAGES.editor.syncUnknownError,
        ),
      );
      return 'refused';
    }
  }

  /** Applies an edit now and saves it after the edits before it. */
  function apply(edit: StoryboardEdit): Promise<void> {
    pending.current++;
    const run = queue.current.then(async () => {
      try {
        if ((await saveOnce(edit)) === 'conflict' && (await saveOnce(edit)) === 'conflict')
          toast.error(MESSAGES.editor.syncConflict);
      } finally {
        pending.current--;
        if (pending.current === 0)
          void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(story.id) });
      }
    });
    queue.current = run;
    return run;
  }

  /** Resolves once every edit so far is saved. */
  const flushed = () => queue.current;

  /** The shots with every edit so far (also those not yet rendered). */
  const latestShots = () => latest.current.shotsMap;

  return { shotsMap: draft.shotsMap, timeline: draft.timeline, apply, flushed, latestShots };
}
