import { MESSAGES } from '@storyloom/core';
import { ArrowLeft, CircleAlert, Cloud, Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../ui/button-styles';
import { fetchStory } from '../../lib/stories-api';
import { useEditor, useEditorStore } from './store/editor-context';
import { initialTimeline, type EditorStore } from './store/editor-store';
import { downloadVideo, exportEditedStory } from './export/export-render';

/**
 * "Keep my changes": the story's newer version from the server, with this tab's unsaved edits
 * applied again on it; the ones it refuses are named.
 */
async function keepMyChanges(store: EditorStore) {
  const story = await fetchStory(store.getState().storyId);
  const loaded = initialTimeline(story.video_editor_timeline);
  if (!loaded.ok) {
    toast.error(loaded.message);
    return;
  }
  const { refused } = store.getState().keepMyChanges({
    timeline: loaded.timeline,
    shotsMap: story.storyboard?.shots_map ?? {},
    version: story.version ?? null,
  });
  if (refused.length > 0) toast.warning(MESSAGES.editor.changesNotKept(refused));
  else toast.success(MESSAGES.editor.changesKept);
}

/**
 * Saved / saving / error with retry; a conflict (another tab saved a newer version) offers
 * "Reload" and "Keep my changes" (spec 3 §4 "Sync with server").
 */
function SyncStatus() {
  const sync = useEditor((s) => s.sync);
  const store = useEditorStore();
  const [keeping, setKeeping] = useState(false);
  if (sync.conflict)
    return (
      <span
        role="alert"
        data-testid="sync-status"
        data-state="conflict"
        className="flex items-center gap-2 text-sm text-red-700"
      >
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        {MESSAGES.editor.syncConflict}
        <button
          type="button"
          className={buttonClass('secondary', 'xs')}
          onClick={() => window.location.reload()}
        >
          {MESSAGES.editor.reload}
        </button>
        <button
          type="button"
          disabled={keeping}
          className={buttonClass('primary', 'xs')}
          onClick={() => {
            setKeeping(true);
            keepMyChanges(store)
              .catch((error: unknown) =>
                toast.error(error instanceof Error ? error.message : String(error)),
              )
              .finally(() => setKeeping(false));
          }}
        >
          {MESSAGES.editor.keepMyChanges}
        </button>
      </span>
    );
  if (sync.status === 'error')
    return (
      <span
        role="alert"
        data-testid="sync-status"
        data-state="error"
        className="flex items-center gap-2 text-sm text-red-700"
      >
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        Not saved: {sync.error}
        <button
          type="button"
          className={buttonClass('secondary', 'xs')}
          onClick={() => store.getState().retrySync()}
        >
          Retry
        </button>
      </span>
    );
  const saving = sync.status === 'syncing' || sync.status === 'waitSync' || sync.hasUnsavedChanges;
  return (
    <span
      data-testid="sync-status"
      data-state={saving ? 'saving' : 'saved'}
      className="flex items-center gap-1.5 text-sm text-zinc-500"
    >
      {saving ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
      ) : (
        <Cloud className="size-4" aria-hidden />
      )}
      {saving ? 'Saving…' : 'Saved'}
    </span>
  );
}

/**
 * Export: saves the edits, exports the story (the share dialog's export, at the story's size)
 * and downloads it as download.mp4.
 */
function ExportButton() {
  const store = useEditorStore();
  const [progress, setProgress] = useState<number | null>(null);
  const start = async () => {
    setProgress(0);
    try {
      const url = await exportEditedStory({ store, onProgress: setProgress });
      toast.success(MESSAGES.editor.exportCompleted);
      downloadVideo(url);
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.editor.exportFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setProgress(null);
    }
  };
  return (
    <button
      type="button"
      data-testid="export-button"
      disabled={progress !== null}
      className={buttonClass('primary', 'sm')}
      onClick={() => void start()}
    >
      {progress !== null ? (
        <>
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          <span data-testid="export-progress">Exporting {Math.round(progress * 100)}%</span>
        </>
      ) : (
        <>
          <Download className="size-4" aria-hidden /> Export
        </>
      )}
    </button>
  );
}

export function EditorTopBar({ title }: { title: string }) {
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3">
      <Link
        to="/story/my"
        aria-label="My stories"
        className="rounded-full p-1.5 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <h1 data-testid="editor-story-title" className="min-w-0 truncate font-semibold text-zinc-900">
        {title}
      </h1>
      <div className="ml-auto flex items-center gap-3">
        <SyncStatus />
        <ExportButton />
      </div>
    </header>
  );
}
