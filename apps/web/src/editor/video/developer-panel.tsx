import { OUTPUT_SIZES } from '@storyloom/core';
import { X } from 'lucide-react';
import { timelineAspectRatio } from '@storyloom/timeline';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { z } from 'zod';
import { useShallow } from 'zustand/react/shallow';
import { useEditor } from './store/editor-context';
import { timelineTotalFrames } from './store/editor-store';

/** Where the panel's position is kept in this browser (spec 3 §1: saved locally). */
export const DEVELOPER_PANEL_KEY = 'storyloom.editor.developerPanel';

interface Position {
  x: number;
  y: number;
}

const savedPositionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/** The saved position, kept inside the window; the top-left corner when none is saved. */
export function readPanelPosition(
  raw: string | null,
  viewport: { width: number; height: number },
): Position {
  let saved: Partial<Position> = {};
  try {
    const parsed = savedPositionSchema.safeParse(raw ? JSON.parse(raw) : null);
    if (parsed.success) saved = parsed.data;
  } catch {
    saved = {};
  }
  const clamp = (value: number | undefined, max: number) =>
    value === undefined ? 16 : Math.min(Math.max(0, value), max);
  return {
    x: clamp(saved.x, Math.max(0, viewport.width - 120)),
    y: clamp(saved.y, Math.max(0, viewport.height - 40)),
  };
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The developer tool panel (spec 3 §1): Ctrl+D opens and closes it; it shows the editor's
 * state (story, sync, playhead, size, tracks, history) and is dragged by its title bar, its
 * position saved in this browser.
 */
export function DeveloperPanel() {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState(() =>
    readPanelPosition(window.localStorage.getItem(DEVELOPER_PANEL_KEY), viewport()),
  );
  const drag = useRef<{ dx: number; dy: number } | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        (event.key === 'd' || event.key === 'D')
      ) {
        // Not the browser's bookmark shortcut.
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const info = useEditor(
    useShallow((s) => ({
      storyId: s.storyId,
      category: s.category ?? '—',
      sync: s.sync.conflict ? 'conflict' : s.sync.status,
      unsaved: s.sync.hasUnsavedChanges,
      baseVersion: s.sync.baseVersion,
      frame: s.frame,
      totalFrames: timelineTotalFrames(s.timeline),
      fps: s.timeline.globalConfig.fps,
      ratio: timelineAspectRatio(s.timeline, s.storySize),
      fit: s.timeline.globalConfig.pictureFit ?? 'contain',
      tracks: s.timeline.tracks.length,
      items: s.timeline.tracks.reduce((sum, track) => sum + track.items.length, 0),
      assets: s.timeline.mediaAssets.length,
      selection: s.selection.length,
      undo: s.history.past.length,
      redo: s.history.future.length,
    })),
  );
  if (!open) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { dx: event.clientX - position.x, dy: event.clientY - position.y };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setPosition(
      readPanelPosition(
        JSON.stringify({ x: event.clientX - drag.current.dx, y: event.clientY - drag.current.dy }),
        viewport(),
      ),
    );
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    window.localStorage.setItem(DEVELOPER_PANEL_KEY, JSON.stringify(position));
  };
  const size = OUTPUT_SIZES[info.ratio];
  const rows: [string, string][] = [
    ['Story', info.storyId],
    ['Category', info.category],
    ['Sync', `${info.sync}${info.unsaved ? ' (unsaved)' : ''}, base v${info.baseVersion ?? '—'}`],
    ['Playhead', `${info.frame} / ${info.totalFrames} frames at ${info.fps} fps`],
    ['Size', `${info.ratio} → ${size.width}×${size.height}, ${info.fit}`],
    ['Timeline', `${info.tracks} tracks, ${info.items} items, ${info.assets} assets`],
    ['Selection', String(info.selection)],
    ['History', `${info.undo} undo, ${info.redo} redo`],
  ];
  return (
    <div
      role="dialog"
      aria-label="Developer panel"
      data-testid="developer-panel"
      className="fixed z-50 w-72 rounded-lg border border-zinc-700 bg-zinc-900/95 text-xs text-zinc-100 shadow-xl"
      style={{ left: position.x, top: position.y }}
    >
      <div
        data-testid="developer-panel-handle"
        className="flex cursor-move items-center justify-between border-b border-zinc-700 px-3 py-1.5 font-semibold select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        Developer panel
        <button
          type="button"
          aria-label="Close the developer panel"
          className="rounded p-0.5 hover:bg-zinc-700"
          onClick={() => setOpen(false)}
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="truncate font-mono" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
