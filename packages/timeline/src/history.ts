import type { GlobalConfig, ShotsMap, Track } from '@storyloom/core';
import { EDITOR_CONSTANTS } from '@storyloom/core';

/**
 * What undo restores: the storyboard's shots and the tracks, and the global config when the
 * store records it (captions display switch and global caption style).
 */
export interface EditorSnapshotState {
  shotsMap: ShotsMap;
  tracks: Track[];
  globalConfig?: GlobalConfig;
}

/** The restorable part of a state (globalConfig only when there is one). */
function restorable(state: EditorSnapshotState): EditorSnapshotState {
  return state.globalConfig
    ? { shotsMap: state.shotsMap, tracks: state.tracks, globalConfig: state.globalConfig }
    : { shotsMap: state.shotsMap, tracks: state.tracks };
}

/** Spec 3 §3 undo snapshot. Snapshots share unchanged tracks and shots with the live state. */
export interface UndoSnapshot extends EditorSnapshotState {
  id: string;
  /** epoch milliseconds */
  timestamp: number;
  description: string;
}

/**
 * Undo/redo history as a value (spec 3 §4): at most `limit` snapshots (20 by default, at least
 * 1); a new snapshot clears redo; none is taken while a restore runs. A named batch takes one
 * snapshot for everything done between `beginBatch` and `endBatch`.
 */
export interface History {
  readonly past: readonly UndoSnapshot[];
  readonly future: readonly UndoSnapshot[];
  readonly limit: number;
  readonly restoring: boolean;
  /** The snapshot an open batch will commit, and how deeply batches are nested. */
  readonly batch: { readonly snapshot: UndoSnapshot; readonly depth: number } | null;
}

export function createHistory(limit: number = EDITOR_CONSTANTS.undoLimit): History {
  return {
    past: [],
    future: [],
    limit: Math.max(1, Math.floor(Number.isFinite(limit) ? limit : EDITOR_CONSTANTS.undoLimit)),
    restoring: false,
    batch: null,
  };
}

/** Changes the limit (minimum 1), dropping the oldest snapshots beyond it. */
export function setHistoryLimit(history: History, limit: number): History {
  const next = createHistory(limit);
  return { ...history, limit: next.limit, past: history.past.slice(-next.limit) };
}

function push(history: History, snapshot: UndoSnapshot): History {
  const past = [...history.past, snapshot];
  return { ...history, past: past.slice(-history.limit), future: [] };
}

/**
 * Records the state before an edit. Ignored during a restore and inside a batch (the batch's
 * own snapshot stands for it).
 */
export function recordSnapshot(history: History, snapshot: UndoSnapshot): History {
  if (history.restoring || history.batch) return history;
  return push(history, snapshot);
}

/** Opens a named batch (e.g. 'Resize item') with the state before it; nested batches join it. */
export function beginBatch(history: History, snapshot: UndoSnapshot): History {
  if (history.restoring) return history;
  if (history.batch)
    return { ...history, batch: { ...history.batch, depth: history.batch.depth + 1 } };
  return { ...history, batch: { snapshot, depth: 1 } };
}

/** Closes a batch; the outermost one commits its snapshot if anything changed. */
export function endBatch(history: History, options: { changed: boolean }): History {
  if (!history.batch) return history;
  if (history.batch.depth > 1)
    return { ...history, batch: { ...history.batch, depth: history.batch.depth - 1 } };
  const closed = { ...history, batch: null };
  return options.changed ? push(closed, history.batch.snapshot) : closed;
}

/** Marks a restore as running (the store's own change listeners then take no snapshots). */
export function setRestoring(history: History, restoring: boolean): History {
  return history.restoring === restoring ? history : { ...history, restoring };
}

export interface HistoryStep {
  history: History;
  /** The state to put back. */
  restore: EditorSnapshotState;
  /** The label of the undone or redone edit. */
  description: string;
}

/** Undo: the last snapshot comes back; the current state goes to redo under the same label. */
export function undo(history: History, current: EditorSnapshotState): HistoryStep | null {
  const snapshot = history.past[history.past.length - 1];
  if (!snapshot || history.batch) return null;
  return {
    history: {
      ...history,
      past: history.past.slice(0, -1),
      future: [...history.future, { ...snapshot, ...restorable(current) }],
    },
    restore: restorable(snapshot),
    description: snapshot.description,
  };
}

/** Redo: the reverse of `undo`. */
export function redo(history: History, current: EditorSnapshotState): HistoryStep | null {
  const snapshot = history.future[history.future.length - 1];
  if (!snapshot || history.batch) return null;
  return {
    history: {
      ...history,
      future: history.future.slice(0, -1),
      past: [...history.past, { ...snapshot, ...restorable(current) }].slice(-history.limit),
    },
    restore: restorable(snapshot),
    description: snapshot.description,
  };
}

export const canUndo = (history: History) => history.past.length > 0 && !history.batch;
export const canRedo = (history: History) => history.future.length > 0 && !history.batch;
