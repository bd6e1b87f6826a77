import type { MediaAsset, TimelineItem } from '@storyloom/core';
import { createPortal } from 'react-dom';

/** At most this many thumbnails in the multi-drag preview (spec 3 §4). */
export const MULTI_DRAG_THUMBNAILS = 5;

const SWATCH: Record<string, string> = {
  video: 'bg-sky-700',
  image: 'bg-indigo-700',
  audio: 'bg-emerald-700',
  caption: 'bg-amber-600',
  overlay: 'bg-red-700',
  logo: 'bg-zinc-700',
};

export interface DraggedItem {
  item: TimelineItem;
  asset: MediaAsset | undefined;
}

/**
 * What follows the pointer while a multi-selection is dragged (spec 3 §4): the first five
 * items' thumbnails (a picture, a clip's thumbnail, or the item's colour with its text) and the
 * number of items moved.
 */
export function MultiDragPreview({
  items,
  x,
  y,
}: {
  items: readonly DraggedItem[];
  x: number;
  y: number;
}) {
  return createPortal(
    <div
      data-testid="multi-drag-preview"
      data-count={items.length}
      className="pointer-events-none fixed z-50 flex items-center gap-1 rounded-md bg-zinc-900/90 p-1 shadow-xl ring-1 ring-white/20"
      style={{ left: x + 14, top: y + 14 }}
    >
      {items.slice(0, MULTI_DRAG_THUMBNAILS).map(({ item, asset }) => {
        const picture = asset?.resource_type === 'image' ? asset.url : asset?.thumbnail_url;
        return (
          <div
            key={item.id}
            data-testid="multi-drag-thumbnail"
            className={`h-9 w-14 shrink-0 overflow-hidden rounded bg-cover bg-center ${SWATCH[item.type] ?? 'bg-zinc-600'}`}
            style={picture ? { backgroundImage: `url("${picture}")` } : undefined}
          >
            {picture ? null : (
              <span className="block truncate px-1 text-[9px] leading-9 text-white">
                {item.caption?.data.text ?? asset?.title ?? item.title ?? item.type}
              </span>
            )}
          </div>
        );
      })}
      <span
        data-testid="multi-drag-count"
        className="ml-1 rounded-full bg-brand-500 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
      >
        {items.length}
      </span>
    </div>,
    document.body,
  );
}
