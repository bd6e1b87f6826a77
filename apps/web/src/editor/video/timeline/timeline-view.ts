import { createContext, useContext } from 'react';

/** The timeline's scale, shared by the ruler, the rows and the playhead. */
export interface TimelineView {
  /** Pixels per timeline frame. */
  pixelsPerFrame: number;
  /** Where frame 0 sits in the scrolled content, px. */
  originX: number;
  fps: number;
}

export const TimelineViewContext = createContext<TimelineView>({
  pixelsPerFrame: 1,
  originX: 12,
  fps: 30,
});

export const useTimelineView = () => useContext(TimelineViewContext);

/** Where an item's box sits on its row, px: its start frame and its length (2 px apart). */
export function itemBox(
  view: TimelineView,
  item: { startTimeInFrames: number; durationInFrames: number },
): { left: number; width: number } {
  return {
    left: view.originX + item.startTimeInFrames * view.pixelsPerFrame,
    width: Math.max(4, item.durationInFrames * view.pixelsPerFrame - 2),
  };
}

/**
 * The part of the timeline's content that is drawn, px from its left edge: the visible width
 * with a viewport's margin on each side, moved in whole steps as the timeline scrolls. Items
 * outside it are not in the DOM, so a long story costs what its visible part costs.
 */
export interface DrawnSpan {
  start: number;
  end: number;
}

export const DrawnSpanContext = createContext<DrawnSpan>({ start: 0, end: Infinity });

export const useDrawnSpan = () => useContext(DrawnSpanContext);

/**
 * Width of each trim handle of an item: 8 px, but at most a quarter of the item, so the middle
 * half of even a narrow item is left to press for a move or a selection.
 */
export function trimHandleWidth(itemWidth: number): number {
  return Math.max(1, Math.min(8, Math.floor(itemWidth / 4)));
}
