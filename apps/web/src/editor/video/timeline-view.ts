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

/** Frames from a horizontal distance, px. */
export const framesFromPixels = (view: TimelineView, px: number) => px / view.pixelsPerFrame;
