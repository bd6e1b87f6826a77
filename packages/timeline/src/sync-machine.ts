import { MESSAGES, SYNC_DEBOUNCE_MS } from '@storyloom/core';

/** Spec 3 §4 sync statuses. */
export type SyncStatus = 'idle' | 'waitSync' | 'syncing' | 'error';

/**
 * The editor's sync with the server as a value the store drives (no timers here): every change
 * marks unsaved changes and (re)sets a deadline 1 second ahead (now when forced); when the
 * store's clock reaches `dueAt` it calls `startSync`, sends the request, then reports
 * `syncSucceeded` or `syncFailed`. Times are epoch milliseconds.
 */
export interface SyncState {
  status: SyncStatus;
  hasUnsavedChanges: boolean;
  /** Shots changed since the last sync started, in order of first change. */
  pendingShotIds: readonly string[];
  /** The request on the wire: its shots and the change counter it covers. */
  inFlight: { shotIds: readonly string[]; revision: number } | null;
  /** When the next sync should start; null when none is scheduled. */
  dueAt: number | null;
  /** Counts changes, so a success knows whether newer ones arrived meanwhile. */
  revision: number;
  error: string | null;
  /** The story version the next write is based on (optimistic concurrency). */
  baseVersion: number | null;
  /** Set once a sync succeeded: the story's export no longer matches it. */
  exportOutdated: boolean;
  /** The server refused a stale write: nothing syncs until the story is reloaded. */
  conflict: boolean;
}

export function createSyncState(options: { baseVersion?: number | null } = {}): SyncState {
  return {
    status: 'idle',
    hasUnsavedChanges: false,
    pendingShotIds: [],
    inFlight: null,
    dueAt: null,
    revision: 0,
    error: null,
    baseVersion: options.baseVersion ?? null,
    exportOutdated: false,
    conflict: false,
  };
}

function union(a: readonly string[], b: readonly string[]): readonly string[] {
  if (b.length === 0) return a;
  const seen = new Set(a);
  const result = [...a];
  for (const id of b) {
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
  }
  return result.length === a.length ? a : result;
}

/** A change: unsaved, shots queued, sync due in 1 second (debounced) or now when forced. */
export function markChanged(
  state: SyncState,
  change: { now: number; shotIds?: readonly string[]; force?: boolean },
): SyncState {
  return {
    ...state,
    hasUnsavedChanges: true,
    pendingShotIds: union(state.pendingShotIds, change.shotIds ?? []),
    revision: state.revision + 1,
    dueAt: state.conflict ? null : change.force ? change.now : change.now + SYNC_DEBOUNCE_MS,
    status: state.inFlight ? 'syncing' : state.conflict ? 'error' : 'waitSync',
  };
}

/** Sync now (e.g. before leaving the page) if anything is unsaved. */
export function forceSync(state: SyncState, now: number): SyncState {
  if (state.conflict || (!state.hasUnsavedChanges && state.pendingShotIds.length === 0))
    return state;
  return { ...state, dueAt: now, status: state.inFlight ? 'syncing' : 'waitSync' };
}

/** When the store should next call `startSync` (null: nothing to wake up for). */
export function nextSyncAt(state: SyncState): number | null {
  return state.inFlight || state.conflict ? null : state.dueAt;
}

/**
 * Starts the due sync: returns the shots to send (the caller builds the payload with
 * `buildSyncPayload`), or null when nothing is due yet or a request is already on the wire.
 */
export function startSync(
  state: SyncState,
  now: number,
): { state: SyncState; shotIds: readonly string[] | null } {
  if (state.inFlight || state.conflict || state.dueAt === null || now < state.dueAt)
    return { state, shotIds: null };
  const shotIds = state.pendingShotIds;
  return {
    state: {
      ...state,
      status: 'syncing',
      inFlight: { shotIds, revision: state.revision },
      pendingShotIds: [],
      dueAt: null,
      error: null,
    },
    shotIds,
  };
}

/**
 * A successful sync: the export is outdated and the new version is the next base. Unsaved
 * changes clear unless more came meanwhile; if shots are pending another sync starts at once
 * (other changes keep their debounce).
 */
export function syncSucceeded(
  state: SyncState,
  result: { now: number; version: number },
): SyncState {
  if (!state.inFlight) return state;
  const newer = state.revision !== state.inFlight.revision;
  const pending = state.pendingShotIds.length > 0;
  const more = newer || pending;
  return {
    ...state,
    inFlight: null,
    baseVersion: result.version,
    exportOutdated: true,
    error: null,
    hasUnsavedChanges: more,
    status: more ? 'waitSync' : 'idle',
    dueAt: pending ? result.now : more ? (state.dueAt ?? result.now) : null,
  };
}

/**
 * A failed sync: its shots go back to the queue, the status is error with the message (or
 * 'Unknown error'). Nothing retries by itself; the next change (or `forceSync`) does. A
 * conflict (a stale write refused) stops syncing until the story is reloaded.
 */
export function syncFailed(
  state: SyncState,
  failure: { message?: string | null; conflict?: boolean } = {},
): SyncState {
  if (!state.inFlight) return state;
  return {
    ...state,
    inFlight: null,
    pendingShotIds: union(state.inFlight.shotIds, state.pendingShotIds),
    hasUnsavedChanges: true,
    status: 'error',
    error: failure.message || MESSAGES.editor.syncUnknownError,
    dueAt: null,
    conflict: state.conflict || failure.conflict === true,
  };
}
