import type { Story } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AspectRatioControl } from './inspector/aspect-ratio-control';
import { DeveloperPanel } from './developer-panel';
import { EditorStoreContext } from './store/editor-context';
import { createEditorStore, initialTimeline, type EditorStore } from './store/editor-store';
import { EditorTopBar } from './editor-top-bar';
import { MediaPane } from './media/media-pane';
import { PlayerStage } from './player/player-stage';
import { PropertyPane } from './inspector/property-pane';
import { ShotGenerationProvider } from './inspector/shot-editor';
import { TimelinePanel } from './timeline/timeline-panel';
import { readUnsyncedEdits } from './store/unsynced-edits';
import { useCaptionFonts } from './captions/use-caption-fonts';
import { useEditorKeyboard } from './store/use-editor-keyboard';
import { useEditorSync } from './store/use-editor-sync';
import { MediaLibraryContext, useMediaLibrary } from './media/use-media-library';

type Init = { ok: true; store: EditorStore } | { ok: false; message: string };

/**
 * Timeline initialisation (spec 3 §4), once: the stored timeline is validated and repaired;
 * edits of this browser the server has not got yet are taken back if they are based on the
 * story's current version.
 */
function initialise(story: Story): Init {
  try {
    const loaded = initialTimeline(story.video_editor_timeline);
    if (!loaded.ok) {
      console.error(loaded.message);
      return loaded;
    }
    const version = story.version ?? null;
    const local = readUnsyncedEdits(story.id);
    const useLocal = local !== null && local.baseVersion === version;
    const restored = useLocal ? initialTimeline(local.timeline) : null;
    const store = createEditorStore({
      storyId: story.id,
      category: story.category_id ?? null,
      storySize: { categoryInputs: story.category_inputs, metadata: story.metadata },
      timeline: restored?.ok ? restored.timeline : loaded.timeline,
      shotsMap: restored?.ok && local ? local.shotsMap : (story.storyboard?.shots_map ?? {}),
      version,
      unsynced: restored?.ok && local ? { shotIds: local.shotIds } : null,
    });
    return { ok: true, store };
  } catch (error) {
    console.error(error);
    return { ok: false, message: MESSAGES.editor.initFailed };
  }
}

/** The video editor (spec 3 §2): media pane, stage, property pane, and the timeline below. */
export function VideoEditor({ story }: { story: Story }) {
  const [init] = useState(() => initialise(story));
  if (!init.ok)
    return (
      <div className="flex h-full items-center justify-center p-6">
        <p
          role="alert"
          data-testid="editor-error"
          className="rounded-xl bg-red-50 px-5 py-4 text-sm font-medium text-red-800"
        >
          {init.message}
        </p>
      </div>
    );
  return (
    <EditorStoreContext.Provider value={init.store}>
      <ShotGenerationProvider storyId={story.id}>
        <EditorShell store={init.store} title={story.title} />
      </ShotGenerationProvider>
    </EditorStoreContext.Provider>
  );
}

function EditorShell({ store, title }: { store: EditorStore; title: string }) {
  const library = useMediaLibrary(store);
  useEditorSync(store);
  useEditorKeyboard(store);
  useCaptionFonts(store);
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.notice && state.notice !== previous.notice) toast.error(state.notice.message);
      }),
    [store],
  );
  return (
    <MediaLibraryContext.Provider value={library}>
      <div data-testid="video-editor" className="flex h-full min-h-0 flex-col bg-zinc-50">
        <EditorTopBar title={title} />
        <p className="flex items-center gap-2 bg-amber-50 px-4 py-2 text-sm text-amber-800 md:hidden">
          <MonitorSmartphone className="size-4 shrink-0" aria-hidden />
          The editor works best on a larger screen. Open this story on a computer to edit it.
        </p>
        <div className="grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[260px_minmax(0,1fr)_260px]">
          <div className="hidden min-h-0 md:flex md:flex-col">
            <MediaPane />
          </div>
          <main className="flex min-h-0 min-w-0 flex-col gap-2 p-3">
            <AspectRatioControl />
            <div className="min-h-0 flex-1">
              <PlayerStage />
            </div>
          </main>
          <div className="hidden min-h-0 md:flex md:flex-col">
            <PropertyPane />
          </div>
        </div>
        <TimelinePanel />
        <DeveloperPanel />
      </div>
    </MediaLibraryContext.Provider>
  );
}
