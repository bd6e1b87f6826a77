import { EDITOR_CONSTANTS } from '@storyloom/core';

/** Drag payloads (spec 3 §3). */
export type DragPayload =
  | { source: 'media-asset'; mediaAssetId: string; mediaAssetType: string }
  | { source: 'timeline-item'; timelineItemId: string; trackId: string }
  | { source: 'timeline-group'; groupId: string; selectedItemIds: string[] };

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Reads a drag payload; one with a missing source or missing ids is ignored (null). */
export function parseDragPayload(value: unknown): DragPayload | null {
  if (typeof value === 'string') {
    try {
      return parseDragPayload(JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const payload = value as Record<string, unknown>;
  switch (payload.source) {
    case 'media-asset':
      return text(payload.mediaAssetId) && text(payload.mediaAssetType)
        ? {
            source: 'media-asset',
            mediaAssetId: payload.mediaAssetId,
            mediaAssetType: payload.mediaAssetType,
          }
        : null;
    case 'timeline-item':
      return text(payload.timelineItemId) && text(payload.trackId)
        ? {
            source: 'timeline-item',
            timelineItemId: payload.timelineItemId,
            trackId: payload.trackId,
          }
        : null;
    case 'timeline-group': {
      const ids = payload.selectedItemIds;
      return text(payload.groupId) && Array.isArray(ids) && ids.length > 0 && ids.every(text)
        ? { source: 'timeline-group', groupId: payload.groupId, selectedItemIds: ids }
        : null;
    }
    default:
      return null;
  }
}

/** The multi-drag preview: at most 5 thumbnails plus a count of the rest. */
export function multiDragPreview<T>(items: readonly T[]): { shown: T[]; more: number } {
  const max = EDITOR_CONSTANTS.multiDragPreviewMax;
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}
