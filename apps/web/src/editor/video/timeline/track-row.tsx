import type { MediaAsset, TimelineItem, Track } from '@storyloom/core';
import { EDITOR_CONSTANTS, MESSAGES } from '@storyloom/core';
import {
  assetDropMode,
  parseDragPayload,
  primaryTrackIndex,
  trackRowHeight,
  trimItem,
} from '@storyloom/timeline';
import { clsx } from 'clsx';
import {
  createContext,
  memo,
  useContext,
  useState,
  type DragEvent,
  type PointerEvent,
} from 'react';
import { useEditor, useEditorStore } from '../store/editor-context';
import { ItemContent } from './item-content';
import { MultiDragPreview, type DraggedItem } from './multi-drag-preview';
import {
  itemBox,
  trimHandleWidth,
  useDrawnSpan,
  useTimelineView,
  type TimelineView,
} from './timeline-view';

export const ASSET_DRAG_TYPE = 'application/x-storyloom-drag';

/** Opens the right-click menu of an item. */
export const ItemMenuContext = createContext<(itemId: string, x: number, y: number) => void>(
  () => {},
);

const LAYOUT = EDITOR_CONSTANTS.layout;

/**
 * Below this width (px) a box shows its colour only: a picture, a waveform or a label cannot be
 * made out in a few pixels, and drawing hundreds of them at a zoomed-out scale is what makes the
 * timeline slow to follow a trim or a drag.
 */
const DETAIL_MIN_WIDTH = 16;

/** Reads the media-asset drag payload of a drop (spec 3 §3). */
export function draggedAssetId(event: DragEvent): string | null {
  const payload = parseDragPayload(event.dataTransfer.getData(ASSET_DRAG_TYPE));
  return payload?.source === 'media-asset' ? payload.mediaAssetId : null;
}

function isAssetDrag(event: DragEvent) {
  return event.dataTransfer.types.includes(ASSET_DRAG_TYPE);
}

/** One track row: its items at their frames, or the spec's empty text. */
export const TrackRow = memo(function TrackRow({ trackId }: { trackId: string }) {
  const track = useEditor((s) => s.timeline.tracks.find((t) => t.id === trackId));
  const assets = useEditor((s) => s.timeline.mediaAssets);
  const selection = useEditor((s) => s.selection);
  const isPrimary = useEditor(
    (s) =>
      primaryTrackIndex(s.timeline.tracks) === s.timeline.tracks.findIndex((t) => t.id === trackId),
  );
  const store = useEditorStore();
  const view = useTimelineView();
  const span = useDrawnSpan();
  if (!track) return null;
  const height = trackRowHeight(track);
  const assetById = new Map(assets.map((a) => [a.id, a]));

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (isAssetDrag(event)) event.preventDefault();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const assetId = draggedAssetId(event);
    if (!assetId) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const frame = Math.max(0, (event.clientX - rect.left - view.originX) / view.pixelsPerFrame);
    store.getState().insertAsset(assetId, { kind: 'track', trackId, frame });
  };

  return (
    <div
      data-track-id={track.id}
      data-track-type={track.type}
      data-primary={isPrimary ? 'true' : undefined}
      className="relative"
      style={{ height }}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {track.items.length === 0 ? (
        <p
          className="absolute inset-y-0 flex items-center text-xs text-zinc-400"
          style={{ left: view.originX }}
        >
          {track.type === 'audio'
            ? MESSAGES.editor.emptyAudioTrack
            : MESSAGES.editor.emptyVideoTrack}
        </p>
      ) : null}
      {track.items.map((item) => {
        const box = itemBox(view, item);
        if (box.left + box.width < span.start || box.left > span.end) return null;
        return (
          <TimelineItemBox
            key={item.id}
            item={item}
            track={track}
            asset={item.mediaAssetId ? assetById.get(item.mediaAssetId) : undefined}
            selected={selection.includes(item.id)}
            height={height}
            view={view}
          />
        );
      })}
    </div>
  );
});

const ITEM_COLOURS: Record<string, string> = {
  video: 'bg-sky-700',
  image: 'bg-indigo-700',
  audio: 'bg-emerald-700',
  caption: 'bg-amber-600',
  overlay: 'bg-red-700',
  logo: 'bg-zinc-700',
};

/** Where moved items land: next to the item under the pointer, a frame of a track, or a new track. */
function moveTargetAt(x: number, y: number, exclude: readonly string[], view: TimelineView) {
  for (const element of document.elementsFromPoint(x, y)) {
    if (!(element instanceof HTMLElement)) continue;
    const itemId = element.dataset.itemId;
    if (itemId && !exclude.includes(itemId)) {
      const rect = element.getBoundingClientRect();
      return {
        kind: 'item' as const,
        itemId,
        pointerFraction: (x - rect.left) / Math.max(1, rect.width),
      };
    }
    const trackId = element.dataset.trackId;
    if (trackId) {
      const rect = element.getBoundingClientRect();
      return {
        kind: 'frame' as const,
        trackId,
        frame: Math.max(0, (x - rect.left - view.originX) / view.pixelsPerFrame),
      };
    }
    const insertIndex = element.dataset.insertIndex;
    if (insertIndex !== undefined)
      return { kind: 'new-track' as const, index: Number(insertIndex) };
  }
  return null;
}

const TimelineItemBox = memo(function TimelineItemBox({
  item,
  track,
  asset,
  selected,
  height,
  view,
}: {
  item: TimelineItem;
  track: Track;
  asset: MediaAsset | undefined;
  selected: boolean;
  height: number;
  view: TimelineView;
}) {
  const store = useEditorStore();
  const openMenu = useContext(ItemMenuContext);
  const [dragX, setDragX] = useState<number | null>(null);
  const [multiDrag, setMultiDrag] = useState<{
    items: DraggedItem[];
    x: number;
    y: number;
  } | null>(null);
  const [dropMode, setDropMode] = useState<'before' | 'replace' | 'after' | null>(null);
  const { left, width } = itemBox(view, item);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const state = store.getState();
    // Pressing an item of a multi-selection keeps the selection, so it can be dragged whole; a
    // click without a drag then selects the item alone.
    const inMultiSelection = state.selection.length > 1 && state.selection.includes(item.id);
    if (event.shiftKey || !inMultiSelection) state.select(item.id, { toggle: event.shiftKey });
    if (event.shiftKey) return;
    const startX = event.clientX;
    let moving = false;
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    let dragged: DraggedItem[] = [];
    const move = (e: globalThis.PointerEvent) => {
      if (!moving && Math.abs(e.clientX - startX) < 4) return;
      if (!moving) {
        const { selection, timeline } = store.getState();
        if (selection.length > 1 && selection.includes(item.id)) {
          const assets = new Map(timeline.mediaAssets.map((a) => [a.id, a]));
          dragged = timeline.tracks
            .flatMap((t) => t.items)
            .filter((i) => selection.includes(i.id))
            .map((i) => ({
              item: i,
              asset: i.mediaAssetId ? assets.get(i.mediaAssetId) : undefined,
            }));
        }
      }
      moving = true;
      setDragX(e.clientX - startX);
      if (dragged.length > 1) setMultiDrag({ items: dragged, x: e.clientX, y: e.clientY });
    };
    const up = (e: globalThis.PointerEvent) => {
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      setDragX(null);
      setMultiDrag(null);
      if (!moving) {
        if (inMultiSelection) store.getState().select(item.id);
        return;
      }
      const selection = store.getState().selection;
      const ids = selection.includes(item.id) ? selection : [item.id];
      // The dragged box follows the pointer; look underneath it.
      element.style.pointerEvents = 'none';
      const target = moveTargetAt(e.clientX, e.clientY, ids, view);
      element.style.pointerEvents = '';
      if (target) store.getState().moveSelection(ids, target);
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
  };

  /**
   * A trim drag (spec 3 §4): the live shifting is drawn straight onto the item boxes (the
   * engine's trimItem from the timeline before the drag, on every move), and the store gets the
   * result once, on release, as the one 'Resize item' batch.
   */
  const onEdgeDown = (edge: 'start' | 'end') => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const pixelsPerFrame = view.pixelsPerFrame;
    const state = store.getState();
    state.select(item.id);
    state.beginTrim(item.id, edge);
    const base = state.timeline;
    const boxes = new Map<string, HTMLElement>();
    for (const element of document.querySelectorAll<HTMLElement>('[data-item-id]'))
      if (element.dataset.itemId) boxes.set(element.dataset.itemId, element);
    // What each box shows now, so only what changes is written: a shifted box gets a new
    // transform (its picture is kept, not painted again), only a resized one a new width.
    const placed = new Map<string, { left: number; width: number }>();
    for (const track of base.tracks)
      for (const original of track.items)
        if (boxes.has(original.id)) placed.set(original.id, itemBox(view, original));
    const place = (id: string, box: { left: number; width: number }) => {
      const element = boxes.get(id);
      const current = placed.get(id);
      if (!element || !current) return;
      if (box.left !== current.left) element.style.transform = `translateX(${box.left}px)`;
      if (box.width !== current.width) element.style.width = `${box.width}px`;
      placed.set(id, box);
    };
    let shown = base;
    let delta = 0;
    // Items the trim cuts away (a shot's captions past its new end) are hidden while dragging.
    const hidden = new Set<string>();
    const show = (timeline: typeof base) => {
      const present = new Set<string>();
      for (const track of timeline.tracks) {
        for (const kept of track.items) present.add(kept.id);
        const before = shown.tracks.find((t) => t.id === track.id);
        if (before === track) continue;
        for (const moved of track.items) place(moved.id, itemBox(view, moved));
      }
      for (const id of placed.keys()) {
        const gone = !present.has(id);
        if (gone === hidden.has(id)) continue;
        const element = boxes.get(id);
        if (element) element.style.visibility = gone ? 'hidden' : '';
        if (gone) hidden.add(id);
        else hidden.delete(id);
      }
      shown = timeline;
    };
    const move = (e: globalThis.PointerEvent) => {
      if (!store.getState().trimDrag) return; // cancelled (Escape)
      const deltaFrames = (e.clientX - startX) / pixelsPerFrame;
      const result = trimItem(base, { itemId: item.id, edge, deltaFrames });
      // An invalid trim keeps the last valid one; an ignored one shows the timeline as it was.
      if (result.ok) {
        delta = deltaFrames;
        show(result.timeline);
      } else if (result.reason.code === 'ignored') {
        delta = 0;
        show(base);
      }
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      // Back to what React drew, then the store's result is rendered in one go.
      show(base);
      const current = store.getState();
      if (!current.trimDrag) return;
      current.updateTrim(delta);
      store.getState().endTrim();
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!isAssetDrag(event)) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = event.currentTarget.getBoundingClientRect();
    setDropMode(assetDropMode((event.clientX - rect.left) / Math.max(1, rect.width)));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDropMode(null);
    const assetId = draggedAssetId(event);
    if (!assetId) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = event.currentTarget.getBoundingClientRect();
    store.getState().insertAsset(assetId, {
      kind: 'item',
      itemId: item.id,
      pointerFraction: (event.clientX - rect.left) / Math.max(1, rect.width),
    });
  };

  const handleWidth = trimHandleWidth(width);
  return (
    <div
      data-item-id={item.id}
      data-item-type={item.type}
      data-asset-id={item.mediaAssetId ?? undefined}
      data-volume={item.volume}
      data-testid="timeline-item"
      aria-selected={selected}
      className={clsx(
        'absolute top-0 cursor-grab overflow-hidden select-none',
        ITEM_COLOURS[item.type] ?? 'bg-zinc-600',
        selected ? 'ring-2 ring-brand-400 ring-inset' : '',
        dragX !== null ? 'z-20 cursor-grabbing opacity-80 shadow-lg' : '',
      )}
      // Placed by a transform: a trim drag shifts the boxes after the trimmed one, and a
      // transform moves a box without painting it again.
      style={{
        left: 0,
        width,
        height,
        borderRadius: LAYOUT.cornerRadius,
        transform: `translateX(${left + (dragX ?? 0)}px)`,
      }}
      onPointerDown={onPointerDown}
      onContextMenu={(event) => {
        event.preventDefault();
        store.getState().select(item.id);
        openMenu(item.id, event.clientX, event.clientY);
      }}
      onDragOver={onDragOver}
      onDragLeave={() => setDropMode(null)}
      onDrop={onDrop}
    >
      {width >= DETAIL_MIN_WIDTH ? (
        <ItemContent item={item} asset={asset} width={width} height={height} fps={view.fps} />
      ) : null}
      {multiDrag ? <MultiDragPreview {...multiDrag} /> : null}
      {dropMode ? (
        <div
          data-testid="drop-indicator"
          data-mode={dropMode}
          className={clsx(
            'pointer-events-none absolute inset-y-0 bg-white/80',
            dropMode === 'before' && 'left-0 w-1',
            dropMode === 'after' && 'right-0 w-1',
            dropMode === 'replace' && 'inset-x-0 bg-white/30 ring-2 ring-white ring-inset',
          )}
        />
      ) : null}
      {track.type !== 'file' ? (
        <>
          <div
            data-testid="trim-start"
            className="absolute inset-y-0 left-0 cursor-ew-resize bg-white/0 hover:bg-white/50"
            style={{ width: handleWidth }}
            onPointerDown={onEdgeDown('start')}
          />
          <div
            data-testid="trim-end"
            className="absolute inset-y-0 right-0 cursor-ew-resize bg-white/0 hover:bg-white/50"
            style={{ width: handleWidth }}
            onPointerDown={onEdgeDown('end')}
          />
        </>
      ) : null}
    </div>
  );
});
