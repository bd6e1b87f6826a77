import {
  EDITOR_CONSTANTS,
  MESSAGES,
  formatFrames,
  uploadKindOf,
  validateEditorUpload,
} from '@storyloom/core';
import {
  clampTimelineHeight,
  findItem,
  isCaptionLinked,
  rulerTicks,
  timelineContentHeight,
  timelineMaxZoom,
  trackRowHeight,
  viewFrames,
  wheelZoom,
  zoomIn,
  zoomOut,
  sliderZoom,
  pixelsPerFrame,
} from '@storyloom/timeline';
import {
  AudioLines,
  Captions,
  Film,
  Link2,
  LoaderCircle,
  Minus,
  Music,
  Pause,
  Play,
  Plus,
  Scissors,
  Trash2,
  Unlink2,
} from 'lucide-react';
import { toast } from 'sonner';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type PointerEvent,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStore } from '../store/editor-context';
import { timelineTotalFrames } from '../store/editor-store';
import { ItemMenuContext, TrackRow, draggedAssetId } from './track-row';
import { useSharedMediaLibrary } from '../media/use-media-library';
import {
  DrawnSpanContext,
  TimelineViewContext,
  useTimelineView,
  type DrawnSpan,
  type TimelineView,
} from './timeline-view';

const LAYOUT = EDITOR_CONSTANTS.layout;
const HEIGHT_KEY = 'storyloom.editor.timelineHeight';
/** Where frame 0 sits inside the scrolled area. */
const ORIGIN_X = 12;

function readHeight(): number {
  const stored = Number(localStorage.getItem(HEIGHT_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : LAYOUT.timelineHeight.default;
}

/**
 * A ref whose element `write` updates with the playhead frame, now and on every change: straight
 * into the element, not through a React render on every frame of playback.
 */
function usePlayheadWriter<E extends HTMLElement>(write: (element: E, frame: number) => void) {
  const store = useEditorStore();
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    write(element, store.getState().frame);
    return store.subscribe((state, previous) => {
      if (state.frame !== previous.frame) write(element, state.frame);
    });
  }, [store, write]);
  return ref;
}

/** The clock text: current time / total time. */
function Clock() {
  const total = useEditor((s) => timelineTotalFrames(s.timeline));
  const fps = useEditor((s) => s.timeline.globalConfig.fps);
  const ref = usePlayheadWriter<HTMLSpanElement>(
    useCallback(
      (element, frame) => {
        element.dataset.frame = String(frame);
        element.textContent = `${formatFrames(frame, fps)} / ${formatFrames(total, fps)}`;
      },
      [fps, total],
    ),
  );
  return (
    <span
      ref={ref}
      data-testid="editor-clock"
      data-total-frames={total}
      className="font-mono text-xs text-zinc-300 tabular-nums"
    />
  );
}

function PlaybackBar() {
  const playing = useEditor((s) => s.playing);
  const zoom = useEditor((s) => s.zoom);
  const maxZoom = useEditor((s) => timelineMaxZoom(s.timeline.tracks));
  const store = useEditorStore();
  return (
    <div
      className="flex items-center gap-3 border-b border-zinc-800 px-3"
      style={{ height: LAYOUT.topBarHeight }}
    >
      <button
        type="button"
        aria-label={playing ? 'Pause' : 'Play'}
        className="flex size-7 items-center justify-center rounded-full bg-white text-zinc-900 hover:bg-zinc-200"
        onClick={() => store.getState().setPlaying(!playing)}
      >
        {playing ? (
          <Pause className="size-4" aria-hidden />
        ) : (
          <Play className="size-4" aria-hidden />
        )}
      </button>
      <Clock />
      <button
        type="button"
        aria-label="Split at playhead"
        title="Split at playhead (S)"
        data-testid="timeline-split"
        className="rounded p-1 text-zinc-300 hover:bg-zinc-800"
        onClick={() => store.getState().splitAtPlayhead()}
      >
        <Scissors className="size-4" aria-hidden />
      </button>
      <div className="ml-auto flex items-center gap-2">
        <button
          type="button"
          aria-label="Zoom out"
          className="rounded p-1 text-zinc-300 hover:bg-zinc-800"
          onClick={() => store.getState().setZoom(zoomOut(zoom, maxZoom))}
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <input
          type="range"
          aria-label="Zoom"
          min={EDITOR_CONSTANTS.zoom.min}
          max={Math.max(EDITOR_CONSTANTS.zoom.min, maxZoom)}
          step={EDITOR_CONSTANTS.zoom.sliderStep}
          value={zoom}
          onChange={(event) =>
            store.getState().setZoom(sliderZoom(Number(event.target.value), maxZoom))
          }
          className="w-28 accent-brand-500"
        />
        <button
          type="button"
          aria-label="Zoom in"
          className="rounded p-1 text-zinc-300 hover:bg-zinc-800"
          onClick={() => store.getState().setZoom(zoomIn(zoom, maxZoom))}
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** The time ruler; clicking or dragging it moves the playhead (playback pauses meanwhile). */
function Ruler({ width }: { width: number }) {
  const view = useTimelineView();
  const store = useEditorStore();
  const ticks = useMemo(
    () =>
      rulerTicks({
        secondsPerPixel: 1 / (view.pixelsPerFrame * view.fps),
        fromSeconds: 0,
        toSeconds: (width - view.originX) / (view.pixelsPerFrame * view.fps),
        fps: view.fps,
      }),
    [view, width],
  );
  return (
    <div
      data-testid="timeline-ruler"
      data-pixels-per-frame={view.pixelsPerFrame}
      data-origin-x={view.originX}
      className="relative cursor-pointer border-b border-zinc-800"
      style={{ height: LAYOUT.rulerHeight, width }}
      onPointerDown={(event) => startScrub(event, view, store)}
    >
      {ticks.map((tick) => (
        <div
          key={tick.seconds}
          className="absolute bottom-0 border-l border-zinc-600"
          style={{
            left: view.originX + tick.seconds * view.fps * view.pixelsPerFrame,
            height: tick.major ? 14 : 6,
          }}
        >
          {tick.label ? (
            <span className="absolute -top-4 left-1 text-[10px] text-zinc-400">{tick.label}</span>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** Seeks to the pointer and follows it until release (spec 3 §4: pauses, resumes after). */
function startScrub(
  event: PointerEvent<HTMLElement>,
  view: TimelineView,
  store: ReturnType<typeof useEditorStore>,
) {
  if (event.button !== 0) return;
  const target = event.currentTarget;
  const area = target.closest('[data-timeline-content]') ?? target;
  const state = store.getState();
  const wasPlaying = state.playing;
  state.setPlaying(false);
  state.clearSelection();
  const seekTo = (clientX: number) => {
    const rect = area.getBoundingClientRect();
    store.getState().seek(Math.round((clientX - rect.left - view.originX) / view.pixelsPerFrame));
  };
  seekTo(event.clientX);
  target.setPointerCapture(event.pointerId);
  let last = 0;
  const move = (e: globalThis.PointerEvent) => {
    // Seeks are throttled to one per 50 ms (spec 3 §9).
    if (e.timeStamp - last < EDITOR_CONSTANTS.timing.seekThrottleMs) return;
    last = e.timeStamp;
    seekTo(e.clientX);
  };
  const up = (e: globalThis.PointerEvent) => {
    seekTo(e.clientX);
    target.removeEventListener('pointermove', move);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', up);
    if (wasPlaying) store.getState().setPlaying(true);
  };
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', up);
}

function Playhead({ height }: { height: number }) {
  const view = useTimelineView();
  const store = useEditorStore();
  // Moved by transform on its own layer, so the rows are not repainted as it advances.
  const ref = usePlayheadWriter<HTMLDivElement>(
    useCallback(
      (element, frame) => {
        element.style.transform = `translateX(${view.originX + frame * view.pixelsPerFrame}px)`;
      },
      [view],
    ),
  );
  return (
    <div
      ref={ref}
      data-testid="timeline-playhead"
      className="absolute top-0 z-30 -ml-[5px] w-[11px] cursor-ew-resize"
      style={{ left: 0, willChange: 'transform', height }}
      onPointerDown={(event) => {
        event.stopPropagation();
        startScrub(event, view, store);
      }}
    >
      <div className="mx-auto h-3 w-[11px] rounded-b bg-red-500" />
      <div className="mx-auto h-full w-px bg-red-500" />
    </div>
  );
}

/** The thin strip between tracks: dropping an asset there creates a new track (spec 3 §2). */
function InsertionStrip({ index }: { index: number }) {
  const store = useEditorStore();
  const [over, setOver] = useState(false);
  return (
    <div
      data-insert-index={index}
      className={over ? 'bg-brand-500/40' : ''}
      style={{ height: LAYOUT.trackGap }}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        const assetId = draggedAssetId(event);
        if (!assetId) return;
        event.preventDefault();
        store.getState().insertAsset(assetId, { kind: 'new-track', index });
      }}
    />
  );
}

function TrackIcon({ type, subtype }: { type: string; subtype: string | undefined }) {
  const Icon =
    type === 'caption'
      ? Captions
      : type === 'audio'
        ? subtype === 'voiceover'
          ? AudioLines
          : Music
        : Film;
  return <Icon className="size-4 text-zinc-400" aria-hidden />;
}

/**
 * The timeline editor (spec 3 §2, §9): playback bar, icon column, ruler, draggable playhead,
 * track rows with insertion strips between them, the right-click menu, and a resizable height.
 */
export function TimelinePanel() {
  const store = useEditorStore();
  const tracks = useEditor(
    useShallow((s) => s.timeline.tracks.map((t) => `${t.id}|${t.type}|${t.subtype ?? ''}`)),
  );
  const zoom = useEditor((s) => s.zoom);
  const fps = useEditor((s) => s.timeline.globalConfig.fps);
  // While trimming, the scale stays as it was so the edge follows the pointer.
  const totalFrames = useEditor((s) => timelineTotalFrames(s.trimDrag?.base ?? s.timeline));
  const [height, setHeight] = useState(readHeight);
  const [viewportWidth, setViewportWidth] = useState(800);
  /** The scrolled area's width, px, as last laid out. */
  const clientWidth = useRef(0);
  const [menu, setMenu] = useState<{ itemId: string; x: number; y: number } | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const iconColumnRef = useRef<HTMLDivElement>(null);
  // The icon column follows the rows when they scroll up and down, so each icon labels its row.
  useEffect(() => {
    const element = scrollRef.current;
    const column = iconColumnRef.current;
    if (!element || !column) return;
    const follow = () => {
      column.style.transform = `translateY(${-element.scrollTop}px)`;
    };
    element.addEventListener('scroll', follow, { passive: true });
    follow();
    return () => element.removeEventListener('scroll', follow);
  }, []);
  const [scrollStep, setScrollStep] = useState(0);
  const fileDrop = useTimelineFileDrop();

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      clientWidth.current = element.clientWidth;
      setViewportWidth(Math.max(100, element.clientWidth - ORIGIN_X));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const parsedTracks = tracks.map((entry) => {
    const [id, type, subtype] = entry.split('|') as [string, string, string];
    return {
      id,
      type: type as 'video' | 'audio' | 'caption' | 'file',
      subtype: subtype || undefined,
    };
  });
  const contentHeight = timelineContentHeight(parsedTracks);
  const clampedHeight = clampTimelineHeight(height, {
    windowHeight: typeof window === 'undefined' ? 900 : window.innerHeight,
  });

  const view = useMemo<TimelineView>(
    () => ({
      pixelsPerFrame: pixelsPerFrame({ zoom, viewportWidth, totalFrames, fps }),
      originX: ORIGIN_X,
      fps,
    }),
    [zoom, viewportWidth, totalFrames, fps],
  );
  const contentWidth = ORIGIN_X + viewFrames(totalFrames, fps) * view.pixelsPerFrame;
  const drawnSpan = useMemo<DrawnSpan>(
    () => ({
      start: (scrollStep - 1) * viewportWidth,
      end: (scrollStep + 2) * viewportWidth + ORIGIN_X,
    }),
    [scrollStep, viewportWidth],
  );
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => setScrollStep(Math.floor(element.scrollLeft / viewportWidth));
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [viewportWidth]);
  const rowsHeight = contentHeight - LAYOUT.topBarHeight;

  // Ctrl/Cmd + wheel zooms (spec 3 §9); a non-passive listener so the page does not zoom.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const state = store.getState();
      state.setZoom(wheelZoom(state.zoom, event.deltaY));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [store]);

  // Auto-scroll during playback (spec 3 §4): past 80 % of the view, or before 20 %; a manual
  // scroll locks it for 600 ms; it acts at most every 200 ms. The scroll position and width are
  // kept from the scroll events and the viewport's size, so a playing frame reads no layout.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const timing = EDITOR_CONSTANTS.timing;
    let lockedUntil = 0;
    let lastAuto = 0;
    let programmatic = false;
    let scrollLeft = element.scrollLeft;
    const onScroll = () => {
      scrollLeft = element.scrollLeft;
      if (programmatic) programmatic = false;
      else lockedUntil = performance.now() + timing.autoScrollLockMs;
    };
    element.addEventListener('scroll', onScroll);
    const unsubscribe = store.subscribe((state, previous) => {
      if (!state.playing || state.frame === previous.frame) return;
      const now = performance.now();
      if (now < lockedUntil || now - lastAuto < timing.autoScrollThrottleMs) return;
      const x = ORIGIN_X + state.frame * view.pixelsPerFrame - scrollLeft;
      const width = clientWidth.current;
      if (width === 0) return; // not laid out yet
      if (x > width * timing.autoScrollStart || x < width * timing.autoScrollBack) {
        lastAuto = now;
        programmatic = true;
        element.scrollLeft = Math.max(0, x + scrollLeft - width * timing.autoScrollBack);
        scrollLeft = element.scrollLeft;
      }
    });
    return () => {
      unsubscribe();
      element.removeEventListener('scroll', onScroll);
    };
  }, [store, view]);

  const startResize = (event: PointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startY = event.clientY;
    const startHeight = clampedHeight;
    const move = (e: globalThis.PointerEvent) => {
      const next = clampTimelineHeight(startHeight + (startY - e.clientY), {
        windowHeight: window.innerHeight,
      });
      setHeight(next);
    };
    const up = (e: globalThis.PointerEvent) => {
      const next = clampTimelineHeight(startHeight + (startY - e.clientY), {
        windowHeight: window.innerHeight,
      });
      localStorage.setItem(HEIGHT_KEY, String(Math.round(next)));
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };

  const openMenu = useCallback(
    (itemId: string, x: number, y: number) => setMenu({ itemId, x, y }),
    [],
  );
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('pointerdown', close);
    window.addEventListener('blur', close);
    return () => {
      window.removeEventListener('pointerdown', close);
      window.removeEventListener('blur', close);
    };
  }, [menu]);

  return (
    <section
      aria-label="Timeline"
      data-testid="editor-timeline"
      className="relative flex shrink-0 flex-col bg-zinc-900 text-zinc-100"
      style={{ height: clampedHeight }}
      onDragOver={fileDrop.onDragOver}
      onDrop={fileDrop.onDrop}
    >
      {fileDrop.creating > 0 ? (
        <p
          role="status"
          data-testid="timeline-creating-track"
          className="absolute top-12 left-1/2 z-30 flex -translate-x-1/2 items-center gap-2 rounded-full bg-zinc-800 px-3 py-1.5 text-xs text-zinc-100 shadow"
        >
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          {MESSAGES.editor.creatingTrackAndUploading}
        </p>
      ) : null}
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label="Resize timeline"
        data-testid="timeline-resize"
        className="absolute -top-1 right-0 left-0 z-40 h-2 cursor-ns-resize hover:bg-brand-500/50"
        onPointerDown={startResize}
      />
      <PlaybackBar />
      <div className="flex min-h-0 flex-1">
        <div
          className="shrink-0 overflow-hidden border-r border-zinc-800"
          style={{ width: LAYOUT.buttonColumnWidth }}
        >
          <div
            ref={iconColumnRef}
            data-testid="track-icon-column"
            style={{ paddingTop: LAYOUT.rulerHeight }}
          >
            {parsedTracks.map((track, index) => (
              <div
                key={track.id}
                className="flex items-center justify-center"
                style={{
                  height: trackRowHeight(track),
                  marginTop: index === 0 ? LAYOUT.trackGap : LAYOUT.trackGap,
                }}
              >
                <TrackIcon type={track.type} subtype={track.subtype} />
              </div>
            ))}
          </div>
        </div>
        <div ref={scrollRef} className="relative min-w-0 flex-1 overflow-auto">
          <TimelineViewContext.Provider value={view}>
            <DrawnSpanContext.Provider value={drawnSpan}>
              <ItemMenuContext.Provider value={openMenu}>
                <div
                  data-timeline-content
                  className="relative"
                  style={{ width: contentWidth, minHeight: rowsHeight + LAYOUT.trackGap }}
                >
                  <Ruler width={contentWidth} />
                  {parsedTracks.length === 0 ? (
                    <EmptyTimeline />
                  ) : (
                    parsedTracks.map((track, index) => (
                      <div key={track.id}>
                        <InsertionStrip index={index} />
                        <TrackRow trackId={track.id} />
                      </div>
                    ))
                  )}
                  {parsedTracks.length > 0 ? <InsertionStrip index={parsedTracks.length} /> : null}
                  <Playhead height={rowsHeight + LAYOUT.trackGap * 2} />
                </div>
              </ItemMenuContext.Provider>
            </DrawnSpanContext.Provider>
          </TimelineViewContext.Provider>
        </div>
      </div>
      {menu ? <ItemMenu menu={menu} close={() => setMenu(null)} /> : null}
    </section>
  );
}

/**
 * The right-click menu of an item: Delete (spec 3 §2) and, on a caption, ours: Unlink caption
 * (it stops following its shot and voice-over) or Link caption to shot.
 */
function ItemMenu({
  menu,
  close,
}: {
  menu: { itemId: string; x: number; y: number };
  close: () => void;
}) {
  const store = useEditorStore();
  const link = useEditor((s) => {
    const found = findItem(s.timeline, menu.itemId);
    if (!found.ok || found.value.item.type !== 'caption') return null;
    return isCaptionLinked(s.timeline, found.value.item) ? 'linked' : 'free';
  });
  const entry = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left hover:bg-zinc-100';
  return (
    <div
      role="menu"
      className="fixed z-50 min-w-32 rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-800 shadow-lg"
      style={{ left: menu.x, top: menu.y }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      {link === 'linked' ? (
        <button
          type="button"
          role="menuitem"
          className={entry}
          onClick={() => {
            store.getState().unlinkCaption(menu.itemId);
            close();
          }}
        >
          <Unlink2 className="size-4" aria-hidden /> Unlink caption
        </button>
      ) : null}
      {link === 'free' ? (
        <button
          type="button"
          role="menuitem"
          className={entry}
          onClick={() => {
            store.getState().linkCaption(menu.itemId);
            close();
          }}
        >
          <Link2 className="size-4" aria-hidden /> Link caption to shot
        </button>
      ) : null}
      <button
        type="button"
        role="menuitem"
        className={entry}
        onClick={() => {
          store.getState().deleteItem(menu.itemId);
          close();
        }}
      >
        <Trash2 className="size-4" aria-hidden /> Delete
      </button>
    </div>
  );
}

function EmptyTimeline() {
  const store = useEditorStore();
  return (
    <div
      data-insert-index={0}
      className="m-3 flex h-20 items-center justify-center rounded-lg border border-dashed border-zinc-700 text-sm text-zinc-400"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        const assetId = draggedAssetId(event);
        if (!assetId) return;
        event.preventDefault();
        store.getState().insertAsset(assetId, { kind: 'new-track', index: 0 });
      }}
    >
      {MESSAGES.editor.emptyTimeline}
    </div>
  );
}

/**
 * A file dropped from the desktop onto the timeline (spec 3 §4 "Drag and drop"): checked like an
 * upload, uploaded into the media library, then placed on a new track at the bottom; meanwhile
 * the timeline says 'Creating track and uploading…'. Drags of library assets are left to the
 * rows.
 */
function useTimelineFileDrop() {
  const store = useEditorStore();
  const library = useSharedMediaLibrary();
  const [creating, setCreating] = useState(0);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return {
    creating,
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      const files = Array.from(event.dataTransfer.files);
      if (files.length !== 1) {
        toast.error(MESSAGES.editor.oneFileOnly);
        return;
      }
      const file = files[0]!;
      const kind = uploadKindOf(file);
      const error = validateEditorUpload(file);
      if (error || !kind) {
        toast.error(error ?? MESSAGES.editor.onlyMediaFiles);
        return;
      }
      setCreating((n) => n + 1);
      library.upload(file, kind, kind === 'audio' ? 'music' : null, {
        onDone: (asset) => {
          setCreating((n) => n - 1);
          if (!asset) return;
          const index = store.getState().timeline.tracks.length;
          store.getState().insertAsset(asset.id, { kind: 'new-track', index });
        },
      });
    },
  };
}
