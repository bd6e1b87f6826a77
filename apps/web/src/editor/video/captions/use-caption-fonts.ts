import { captionFont } from '@storyloom/compose';
import {
  CAPTION_FALLBACK_FONTS,
  resolveCaptionStyle,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { useEffect } from 'react';
import type { EditorStore } from '../store/editor-store';

/**
 * The page's font (Inter), then the caption fallbacks: caption texts in the Captions tab and the
 * Caption Editor show every language and emoji the player draws, whatever fonts the system has.
 */
export const CAPTION_TEXT_FONT_FAMILY = [
  '"Inter"',
  ...CAPTION_FALLBACK_FONTS.map((family) => `"${family}"`),
  'sans-serif',
].join(', ');

/** Every caption's font list and text, once per distinct pair. */
function captionFontRequests(timeline: VideoEditorTimeline): Map<string, string> {
  const requests = new Map<string, string>();
  for (const track of timeline.tracks) {
    if (track.type !== 'caption') continue;
    for (const item of track.items) {
      const text = item.caption?.data.text;
      if (!text) continue;
      const style = resolveCaptionStyle(timeline.globalConfig.captions.style, item.caption?.style);
      const font = captionFont(style, 16);
      requests.set(font, (requests.get(font) ?? '') + text);
    }
  }
  return requests;
}

/**
 * Loads the caption fonts the captions need before the player draws them: the caption font and,
 * through their `unicode-range`, only the Noto fallbacks whose characters occur (a canvas does
 * not fetch a fallback web font by itself). When a font arrives the player repaints
 * (`loadingdone`).
 */
export function useCaptionFonts(store: EditorStore) {
  useEffect(() => {
    if (typeof document === 'undefined' || !('fonts' in document)) return;
    const asked = new Set<string>();
    const load = (timeline: VideoEditorTimeline) => {
      for (const [font, text] of captionFontRequests(timeline)) {
        const key = `${font}|${text}`;
        if (asked.has(key)) continue;
        asked.add(key);
        document.fonts.load(font, text).catch(() => asked.delete(key));
      }
    };
    load(store.getState().timeline);
    return store.subscribe((state, previous) => {
      if (state.timeline !== previous.timeline) load(state.timeline);
    });
  }, [store]);
}
