import { MESSAGES, syncResponseSchema } from '@storyloom/core';
import { buildSyncPayload } from '@storyloom/timeline';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-error';
import { requestJson } from '../../../lib/api-client';
import type { EditorStore } from './editor-store';
import { clearUnsyncedEdits, writeUnsyncedEdits } from './unsynced-edits';

/**
 * Drives the sync state machine (spec 3 §4 "Sync with server"): when its deadline comes (1 s
 * after the last change, now when forced) the shots and timeline go to POST /stories/{id}/sync.
 * Edits are kept in this browser until the server has them. A 409 (another tab saved a newer
 * version) stops syncing and says so; nothing is overwritten.
 */
export function useEditorSync(store: EditorStore) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const send = async () => {
      const state = store.getState();
      const due = state.takeDueSync(Date.now());
      if (!due) return;
      const built = buildSyncPayload({
        storyId: state.storyId,
        shotsMap: state.shotsMap,
        shotIds: due.shotIds,
        timeline: state.timeline,
        baseVersion: state.sync.baseVersion,
      });
      if (!built.ok) {
        state.syncDone({ ok: false, message: built.reason.message });
        return;
      }
      try {
        const answer = await requestJson(
          `/stories/${encodeURIComponent(built.storyId)}/sync`,
          syncResponseSchema,
          {
            method: 'POST',
            body: { ...built.payload },
          },
        );
        if (!disposed) store.getState().syncDone({ ok: true, version: answer.version });
      } catch (error) {
        if (disposed) return;
        const conflict = error instanceof ApiError && error.status === 409;
        store.getState().syncDone({
          ok: false,
          conflict,
          message: conflict
            ? MESSAGES.editor.syncConflict
            : error instanceof Error
              ? error.message
              : undefined,
        });
      }
    };

    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const { sync } = store.getState();
      if (sync.inFlight || sync.conflict || sync.dueAt === null) return;
      timer = setTimeout(() => void send(), Math.max(0, sync.dueAt - Date.now()));
    };

    const persist = () => {
      const { sync, storyId, timeline, shotsMap } = store.getState();
      if (sync.hasUnsavedChanges)
        writeUnsyncedEdits(storyId, {
          baseVersion: sync.baseVersion,
          timeline,
          shotsMap,
          shotIds: [...(sync.inFlight?.shotIds ?? []), ...sync.pendingShotIds],
        });
      else clearUnsyncedEdits(storyId);
    };

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.sync !== previous.sync) {
        schedule();
        persist();
      }
    });
    schedule();
    persist();
    const flush = () => {
      store.getState().retrySync();
      persist();
    };
    // Closing the tab while "Saving…" asks first (the browser shows its own words).
    const warn = (event: BeforeUnloadEvent) => {
      const { sync } = store.getState();
      if (!sync.hasUnsavedChanges && !sync.inFlight) return;
      store.getState().retrySync();
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', warn);
    return () => {
      disposed = true;
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', warn);
      if (timer) clearTimeout(timer);
    };
  }, [store]);
}
