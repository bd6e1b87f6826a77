import { DEFAULT_DOWNLOAD_FILE_NAME, isWorkflowFailure, MESSAGES } from '@storyloom/core';
import { followWorkflow } from '../../../lib/follow-workflow';
import { fetchStory, startExport } from '../../../lib/stories-api';
import type { EditorStore } from '../store/editor-store';

/**
 * Resolves once the server holds every edit of the editor (a pending sync is sent now), or
 * rejects with why it cannot: the sync failed, or another tab saved a newer version.
 */
export function whenSaved(store: EditorStore): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (): boolean => {
      const { sync } = store.getState();
      if (sync.conflict) reject(new Error(MESSAGES.editor.syncConflict));
      else if (sync.status === 'error')
        reject(new Error(sync.error ?? MESSAGES.editor.syncConflict));
      else if (!sync.hasUnsavedChanges && !sync.inFlight) resolve();
      else return false;
      return true;
    };
    if (settle()) return;
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.sync !== previous.sync && settle()) unsubscribe();
    });
    store.getState().retrySync();
  });
}

/**
 * The editor's Export (spec 3 §4 "Render and export") is the story's export (spec 1 §4): one
 * call with the same inputs. The edits are saved first, then `POST /stories/workflow/export`
 * renders the story's whole timeline (its globalConfig: caption style, watermark, fps, aspect
 * ratio) at the story's size (core's `storyOutputSettings`), exactly as the share dialog's
 * download does; the run is followed to its end. Answers the exported video's URL, or throws
 * with the run's error.
 */
export async function exportEditedStory(args: {
  store: EditorStore;
  onProgress: (progress: number) => void;
}): Promise<string> {
  await whenSaved(args.store);
  const storyId = args.store.getState().storyId;
  const { workflowRunId } = await startExport({ story_id: storyId });
  const last = await followWorkflow(workflowRunId, (update) => {
    if (update.progress !== undefined) args.onProgress(Math.min(1, update.progress / 100));
  });
  if (isWorkflowFailure(last.status) || last.status === 'RUN_CANCELED')
    throw new Error(last.error || MESSAGES.editor.renderUnknownError);
  const { last_export_url: url } = await fetchStory(storyId);
  if (!url) throw new Error(MESSAGES.editor.renderNoUrl);
  args.onProgress(1);
  return url;
}

/** Starts the browser's download of the exported video as download.mp4. */
export function downloadVideo(url: string, fileName = DEFAULT_DOWNLOAD_FILE_NAME) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
