import type { Effect, MediaAsset, Shot, ShotsMap, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import {
  applyShotChanges,
  beginBatch,
  canRedo,
  canUndo,
  addMediaAsset,
  changeSpeed,
  changeVolume,
  clampZoom,
  createHistory,
  createSyncState,
  deleteItems,
  endBatch,
  findItem,
  forceSync,
  insertAsset,
  linkCaption,
  loadTimeline,
  markChanged,
  moveItems,
  nudgeVolume,
  recordSnapshot,
  redo,
  removeMediaAsset,
  setFade,
  setImageDuration,
  rescaleZoom,
  setShotMedia,
  splitItem,
  unlinkCaption,
  updateShot,
  startSync,
  syncFailed,
  syncSucceeded,
  timelineMaxZoom,
  totalDurationFrames,
  trimItem,
  undo,
  type AssetDropTarget,
  COMMAND_DESCRIPTIONS,
  type CommandResult,
  type History,
  type MoveTarget,
  type Refused,
  type Selection,
  type ShotChange,
  type StorySizeInputs,
  type SyncState,
  type UndoSnapshot,
} from '@storyloom/timeline';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** A refusal or notice shown to the user ('Not allowed', 'Only video and image files are allowed'...). */
export interface EditorNotice {
  id: number;
  message: string;
}

/** A trim in progress: the timeline before the drag, so each pointer move re-applies from it. */
interface TrimDrag {
  itemId: string;
  edge: 'start' | 'end';
  base: VideoEditorTimeline;
  deltaFrames: number;
}

export interface EditorState {
  storyId: string;
  /** The story's category (caption detection rules depend on it), when known. */
  category: string | null;
  /** What the story's size is decided from besides the timeline (`timelineAspectRatio`). */
  storySize: StorySizeInputs;
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
  history: History;
  /** Selected item ids (click selects one, Shift+click toggles). */
  selection: readonly string[];
  notice: EditorNotice | null;
  sync: SyncState;
  trimDrag: TrimDrag | null;
  /** Playhead, in timeline frames. */
  frame: number;
  playing: boolean;
  zoom: number;
  /** A media-library asset previewed on the stage instead of the player (spec 3 §2). */
  previewAssetId: string | null;
}

export interface EditorActions {
  /** Applies any timeline command as one undoable edit (caption editing, styling...). */
  applyCommand(command: (timeline: VideoEditorTimeline) => CommandResult): boolean;
  insertAsset(assetId: string, target: AssetDropTarget): boolean;
  /**
   * Makes assets their shots' active media (a picked or newly generated resource): the timeline
   * rebuilds, playback stops, the shots sync. `serverVersion`: the story version that already
   * holds this change (a finished generation run), so the next sync builds on it.
   */
  setShotMedia(assets: readonly MediaAsset[], options?: { serverVersion?: number }): boolean;
  /** Changes a shot's text fields (prompts, script); the shot syncs. */
  updateShotFields(shotId: string, patch: Partial<Omit<Shot, 'shot_id'>>): boolean;
  moveSelection(itemIds: readonly string[], target: MoveTarget): boolean;
  beginTrim(itemId: string, edge: 'start' | 'end'): void;
  updateTrim(deltaFrames: number): void;
  endTrim(): boolean;
  cancelTrim(): void;
  nudgeVolume(direction: 1 | -1): boolean;
  setVolume(itemId: string, volume: number): boolean;
  setSpeed(itemId: string, speed: number): boolean;
  setFade(itemId: string, type: Effect['type'], seconds: number): boolean;
  setImageDuration(itemId: string, seconds: number): boolean;
  /** Adds (or replaces, by id) a media asset of the story's library; not an undoable edit. */
  addMediaAsset(asset: MediaAsset): void;
  /** Removes a media asset; the refusal text when the timeline uses it. */
  removeMediaAsset(assetId: string): { ok: true } | { ok: false; message: string };
  deleteSelection(): boolean;
  deleteItem(itemId: string): boolean;
  /**
   * Split at the playhead (S key, toolbar): the selected item under the playhead, else the
   * shot under it, becomes two; one undoable edit.
   */
  splitAtPlayhead(): boolean;
  /** Context menu: the caption stops (or starts again) following its shot. */
  unlinkCaption(itemId: string): boolean;
  linkCaption(itemId: string): boolean;
  undo(): boolean;
  redo(): boolean;
  select(itemId: string, options?: { toggle?: boolean }): void;
  clearSelection(): void;
  seek(frame: number): void;
  setPlaying(playing: boolean): void;
  /** Shows a library asset on the stage (null: back to the player); playing clears it. */
  previewAsset(assetId: string | null): void;
  setZoom(zoom: number): void;
  showNotice(message: string): void;
  /** The store's clock reached the sync deadline: returns what to send, or null. */
  takeDueSync(now: number): { shotIds: readonly string[] } | null;
  syncDone(
    result: { ok: true; version: number } | { ok: false; message?: string; conflict?: boolean },
  ): void;
  retrySync(): void;
  /**
   * "Keep my changes" after a conflict (another tab saved a newer version): the edits the server
   * does not have are applied again, in order, on its version, which becomes the base of the next
   * sync. Answers the names of the edits that could not be applied again (an undo, or an edit
   * the newer version refuses).
   */
  keepMyChanges(server: EditorDocument & { version: number | null }): { refused: string[] };
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

export interface CreateEditorStoreOptions {
  storyId: string;
  category?: string | null;
  /** The story's creation inputs and metadata, for its size. */
  storySize?: StorySizeInputs;
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
  /** The story version the stored timeline is (optimistic concurrency of the sync). */
  version: number | null;
  /** Ids for new items/tracks/shots. */
  newId?: () => string;
  /** Epoch milliseconds. */
  now?: () => number;
  /** Edits not yet on the server (restored from this browser after a reload). */
  unsynced?: { shotIds: readonly string[] } | null;
}

/** The total length of a timeline in frames (at least one frame). */
export function timelineTotalFrames(timeline: VideoEditorTimeline): number {
  return Math.max(1, totalDurationFrames(timeline.tracks));
}

function selectionOf(ids: readonly string[]): Selection | null {
  if (ids.length === 0) return null;
  if (ids.length === 1) return { kind: 'item', itemId: ids[0]! };
  return { kind: 'items', itemIds: ids };
}

/** The item of a shot on the primary track. */
function findShotItem(timeline: VideoEditorTimeline, shotId: string) {
  return timeline.tracks
    .find((track) => track.isPrimary)
    ?.items.find((item) => item.shotId === shotId);
}

const itemExists = (timeline: VideoEditorTimeline, id: string) => findItem(timeline, id).ok;

/**
 * One edit as the store's `apply` takes it: a timeline command's answer, or a change of shots or
 * of the media library put in the same shape. `timeline`: the timeline afterwards (unchanged
 * when absent). The shots follow `shotChanges`, unless the edit sets them itself (`shotsMap`,
 * with the ids it changed).
 */
interface StoreEdit {
  ok: true;
  description: string;
  timeline?: VideoEditorTimeline;
  shotChanges?: readonly ShotChange[];
  shotsMap?: ShotsMap;
  changedShotIds?: readonly string[];
  selection?: readonly string[];
}

/** What the editor edits: the timeline and the storyboard's shots. */
export interface EditorDocument {
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
}

/** An edit as a function of the document, so it can be applied again on another version. */
type EditCommand = (document: EditorDocument) => StoreEdit | Refused;

/** How `apply` treats an edit besides changing the document and marking it for sync. */
interface ApplyOptions {
  /**
   * 'step' (default): one undo step named by the edit; 'none': no undo step of its own — a
   * library change (not in undo snapshots), or the end of a batch that recorded one already.
   */
  undo?: 'step' | 'none';
  /** Stops playback (the player's media changed under it). */
  pause?: boolean;
  /** A story version the server already holds with this edit (a finished generation run). */
  serverVersion?: number;
  /** The edit as a command, kept until the server has it ("Keep my changes" applies it again). */
  replay?: EditCommand;
}

/** Undo labels of the store's own edits (the commands' are `COMMAND_DESCRIPTIONS`). */
export const STORE_EDIT_DESCRIPTIONS = {
  shotFields: 'Edit shot',
  shotMedia: 'Change shot media',
  addAsset: 'Add media asset',
  removeAsset: 'Remove media asset',
} as const;

/** The state after the document changed (an edit, an undo or a redo). */
interface DocumentChange {
  history: History;
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
  changedShotIds: readonly string[];
  selection?: readonly string[];
  pause?: boolean;
  serverVersion?: number;
}

type SetState = StoreApi<EditorState & EditorActions>['setState'];
type GetState = StoreApi<EditorState & EditorActions>['getState'];

/**
 * The video editor's store (STYLE.md §2–4): every edit goes through its one `apply`, which
 * records history (one snapshot per edit; a trim drag is one batch 'Resize item'), applies the
 * shot changes, keeps the selection and the playhead in the new timeline and marks the sync.
 * Refusals become a notice; ignored edits change nothing and take no undo step.
 */
export function createEditorStore(options: CreateEditorStoreOptions): EditorStore {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => Date.now());
  let snapshotCounter = 0;
  let noticeCounter = 0;

  let sync = createSyncState({ baseVersion: options.version });
  if (options.unsynced) {
    sync = markChanged(sync, { now: now(), shotIds: options.unsynced.shotIds, force: true });
  }

  return createStore<EditorState & EditorActions>()((set, get) => {
    /** Edits the server does not have yet, with the sync revision that covers each. */
    let unsent: { description: string; revision: number; command: EditCommand | null }[] = [];
    const remember = (description: string, command: EditCommand | null) =>
      unsent.push({ description, revision: get().sync.revision, command });

    const snapshot = (description: string): UndoSnapshot => ({
      id: `snapshot-${++snapshotCounter}`,
      timestamp: now(),
      description,
      shotsMap: get().shotsMap,
      tracks: get().timeline.tracks,
      globalConfig: get().timeline.globalConfig,
    });

    const notify = (message: string) => {
      if (message) set({ notice: { id: ++noticeCounter, message } });
    };

    /** Puts a changed document in the state: view follows the timeline, the shots sync. */
    const commit = (change: DocumentChange) => {
      const state = get();
      let sync = markChanged(state.sync, { now: now(), shotIds: change.changedShotIds });
      if (change.serverVersion !== undefined && !sync.inFlight)
        sync = { ...sync, baseVersion: Math.max(sync.baseVersion ?? 0, change.serverVersion) };
      const next: Partial<EditorState> = {
        history: change.history,
        timeline: change.timeline,
        shotsMap: change.shotsMap,
        sync,
      };
      if (change.timeline !== state.timeline) {
        const after = change.timeline;
        next.selection = change.selection
          ? [...change.selection]
          : state.selection.filter((id) => itemExists(after, id));
        // The zoom follows the timeline's length (spec 3 §9: rescaled in proportion).
        next.zoom = rescaleZoom(state.zoom, {
          previousTotalFrames: totalDurationFrames(state.timeline.tracks),
          totalFrames: totalDurationFrames(after.tracks),
          max: timelineMaxZoom(after.tracks),
        });
        next.frame = Math.min(state.frame, timelineTotalFrames(after) - 1);
      } else if (change.selection) next.selection = [...change.selection];
      if (change.pause) next.playing = false;
      set(next);
    };

    /**
     * The one way an edit reaches the document: a refusal shows its text (an ignored edit
     * changes nothing); a success takes its undo step, applies its shot changes and syncs.
     * Returns whether anything changed.
     */
    const apply = (result: StoreEdit | Refused, options: ApplyOptions = {}): boolean => {
      if (!result.ok) {
        if (result.reason.code !== 'ignored') notify(result.reason.message);
        return false;
      }
      const state = get();
      const timeline = result.timeline ?? state.timeline;
      const shots = result.shotsMap
        ? { shotsMap: result.shotsMap, changedShotIds: result.changedShotIds ?? [] }
        : applyShotChanges(state.shotsMap, {
            changes: result.shotChanges ?? [],
            timeline,
            now: now(),
          });
      commit({
        history:
          options.undo === 'none'
            ? state.history
            : recordSnapshot(state.history, snapshot(result.description)),
        timeline,
        shotsMap: shots.shotsMap,
        changedShotIds: shots.changedShotIds,
        ...(result.selection ? { selection: result.selection } : {}),
        ...(options.pause ? { pause: true } : {}),
        ...(options.serverVersion !== undefined ? { serverVersion: options.serverVersion } : {}),
      });
      remember(result.description, options.replay ?? null);
      return true;
    };

    /** Applies an edit given as a command of the current document. */
    const edit = (command: EditCommand, options: ApplyOptions = {}) =>
      apply(command(documentNow(get())), { ...options, replay: command });

    /** Undo and redo: the snapshot's tracks, global config and shots come back and sync. */
    const restore = (step: ReturnType<typeof undo>, label: 'Undo' | 'Redo') => {
      if (!step) return false;
      const state = get();
      commit({
        history: step.history,
        timeline: {
          ...state.timeline,
          tracks: step.restore.tracks,
          ...(step.restore.globalConfig ? { globalConfig: step.restore.globalConfig } : {}),
        },
        shotsMap: step.restore.shotsMap,
        changedShotIds: Object.keys({ ...state.shotsMap, ...step.restore.shotsMap }).filter(
          (id) => state.shotsMap[id] !== step.restore.shotsMap[id],
        ),
      });
      // A snapshot of this tab's past cannot be applied on another version.
      remember(`${label} ${step.description}`, null);
      return true;
    };

    return {
      storyId: options.storyId,
      category: options.category ?? null,
      storySize: options.storySize ?? {},
      timeline: options.timeline,
      shotsMap: options.shotsMap,
      history: createHistory(),
      selection: [],
      notice: null,
      sync,
      trimDrag: null,
      frame: 0,
      playing: false,
      zoom: 1,
      previewAssetId: null,

      applyCommand: (command) => edit((d) => command(d.timeline)),

      insertAsset: (assetId, target) =>
        edit((d) => insertAsset(d.timeline, { assetId, target, newId })),

      updateShotFields: (shotId, patch) =>
        edit((d) => {
          const result = updateShot(d.shotsMap, { shotId, patch });
          return result.ok
            ? { ...result, description: STORE_EDIT_DESCRIPTIONS.shotFields }
            : result;
        }),

      setShotMedia: (assets, { serverVersion } = {}) => {
        const state = get();
        const command: EditCommand = (d) => {
          const result = setShotMedia(d, assets);
          return result.ok ? { ...result, description: STORE_EDIT_DESCRIPTIONS.shotMedia } : result;
        };
        const result = command(documentNow(state));
        if (!result.ok) return apply(result);
        const after = result.timeline ?? state.timeline;
        // A shot's item that changed kind (image to video) stays selected under its new id.
        const selection = state.selection.flatMap((id) => {
          if (itemExists(after, id)) return [id];
          const found = findItem(state.timeline, id);
          const shotId = found.ok ? found.value.item.shotId : undefined;
          const next = shotId ? findShotItem(after, shotId) : undefined;
          return next ? [next.id] : [];
        });
        return apply(
          { ...result, selection },
          {
            pause: true,
            replay: command,
            ...(serverVersion !== undefined ? { serverVersion } : {}),
          },
        );
      },

      moveSelection: (itemIds, target) => {
        const selection = selectionOf(itemIds);
        if (!selection) return false;
        return edit((d) => moveItems(d.timeline, { selection, target, newId }));
      },

      ...trimActions(set, get, { snapshot, apply }),

      nudgeVolume: (direction) => {
        const itemId = get().selection[0];
        if (!itemId) return false;
        return edit((d) => nudgeVolume(d.timeline, { itemId, direction }));
      },

      setVolume: (itemId, volume) => edit((d) => changeVolume(d.timeline, { itemId, volume })),

      setSpeed: (itemId, speed) => edit((d) => changeSpeed(d.timeline, { itemId, speed })),

      setFade: (itemId, type, seconds) =>
        edit((d) => setFade(d.timeline, { itemId, type, seconds })),

      setImageDuration: (itemId, seconds) =>
        edit((d) => setImageDuration(d.timeline, { itemId, seconds })),

      addMediaAsset: (asset) => {
        edit(
          (d) => ({
            ...addMediaAsset(d.timeline, asset),
            description: STORE_EDIT_DESCRIPTIONS.addAsset,
          }),
          { undo: 'none' },
        );
      },

      removeMediaAsset: (assetId) => {
        const result = removeMediaAsset(get().timeline, { assetId });
        // The caller shows the refusal where the asset is (the library's toast).
        if (!result.ok) return { ok: false, message: result.reason.message };
        apply(
          { ...result, description: STORE_EDIT_DESCRIPTIONS.removeAsset },
          {
            undo: 'none',
            replay: (d) => {
              const again = removeMediaAsset(d.timeline, { assetId });
              return again.ok
                ? { ...again, description: STORE_EDIT_DESCRIPTIONS.removeAsset }
                : again;
            },
          },
        );
        return { ok: true };
      },

      deleteSelection: () => {
        const selection = selectionOf(get().selection);
        if (!selection) return false;
        return edit((d) => selectingNothing(deleteItems(d.timeline, { selection })));
      },

      deleteItem: (itemId) =>
        edit((d) =>
          selectingNothing(deleteItems(d.timeline, { selection: { kind: 'item', itemId } })),
        ),

      splitAtPlayhead: () => {
        const { frame, timeline, selection } = get();
        const itemId = splitTarget(timeline, { frame, selection });
        if (!itemId) {
          notify(MESSAGES.editor.splitOutsideItem);
          return false;
        }
        return edit((d) => splitItem(d.timeline, { itemId, frame, newId }));
      },

      unlinkCaption: (itemId) => edit((d) => unlinkCaption(d.timeline, { itemId })),

      linkCaption: (itemId) => edit((d) => linkCaption(d.timeline, { itemId })),

      undo: () => {
        const state = get();
        if (state.trimDrag || !canUndo(state.history)) return false;
        return restore(undo(state.history, documentOf(state)), 'Undo');
      },

      redo: () => {
        const state = get();
        if (state.trimDrag || !canRedo(state.history)) return false;
        return restore(redo(state.history, documentOf(state)), 'Redo');
      },

      ...viewActions(set, get),

      showNotice: notify,

      ...syncActions(set, get, now, {
        synced: (revision) => {
          unsent = unsent.filter((entry) => entry.revision > revision);
        },
      }),

      keepMyChanges: (server) => {
        const state = get();
        let document: EditorDocument = { timeline: server.timeline, shotsMap: server.shotsMap };
        const changed = new Set<string>();
        const kept: typeof unsent = [];
        const refused: string[] = [];
        for (const entry of unsent) {
          const result = entry.command?.(document);
          if (!result?.ok) {
            refused.push(entry.description);
            continue;
          }
          const timeline = result.timeline ?? document.timeline;
          const shots = result.shotsMap
            ? { shotsMap: result.shotsMap, changedShotIds: result.changedShotIds ?? [] }
            : applyShotChanges(document.shotsMap, {
                changes: result.shotChanges ?? [],
                timeline,
                now: now(),
              });
          shots.changedShotIds.forEach((id) => changed.add(id));
          document = { timeline, shotsMap: shots.shotsMap };
          kept.push(entry);
        }
        const sync = markChanged(createSyncState({ baseVersion: server.version }), {
          now: now(),
          shotIds: [...changed],
          force: true,
        });
        unsent = kept.map((entry) => ({ ...entry, revision: sync.revision }));
        set({
          ...document,
          // Snapshots of the old version would undo the other tab's changes.
          history: createHistory(),
          selection: state.selection.filter((id) => itemExists(document.timeline, id)),
          frame: Math.min(state.frame, timelineTotalFrames(document.timeline) - 1),
          zoom: clampZoom(state.zoom, timelineMaxZoom(document.timeline.tracks)),
          trimDrag: null,
          sync,
        });
        return { refused };
      },
    };
  });
}

/** A command's answer that leaves nothing selected (a delete). */
const selectingNothing = (result: CommandResult): StoreEdit | Refused =>
  result.ok ? { ...result, selection: [] } : result;

/** The document of the state. */
const documentNow = (state: EditorState): EditorDocument => ({
  timeline: state.timeline,
  shotsMap: state.shotsMap,
});

/** What undo snapshots hold of the state. */
const documentOf = (state: EditorState) => ({
  shotsMap: state.shotsMap,
  tracks: state.timeline.tracks,
  globalConfig: state.timeline.globalConfig,
});

/**
 * What "split at the playhead" splits: the selected item under the playhead, else the shot
 * under it (never on a boundary).
 */
function splitTarget(
  timeline: VideoEditorTimeline,
  { frame, selection }: { frame: number; selection: readonly string[] },
): string | undefined {
  const inside = (item: { startTimeInFrames: number; durationInFrames: number }) =>
    frame > item.startTimeInFrames && frame < item.startTimeInFrames + item.durationInFrames;
  const selected = selection.find((id) => {
    const found = findItem(timeline, id);
    return found.ok && inside(found.value.item);
  });
  return selected ?? timeline.tracks.find((track) => track.isPrimary)?.items.find(inside)?.id;
}

/**
 * A trim drag: the history batch 'Resize item' opens at pointer-down, each move re-applies the
 * trim from the timeline before the drag (later items shift live; an invalid trim keeps the last
 * valid one), and release commits through `apply` inside that batch.
 */
function trimActions(
  set: SetState,
  get: GetState,
  edits: {
    snapshot: (description: string) => UndoSnapshot;
    apply: (result: CommandResult, options?: ApplyOptions) => boolean;
  },
): Pick<EditorActions, 'beginTrim' | 'updateTrim' | 'endTrim' | 'cancelTrim'> {
  return {
    beginTrim: (itemId, edge) => {
      const state = get();
      if (state.trimDrag) return;
      set({
        trimDrag: { itemId, edge, base: state.timeline, deltaFrames: 0 },
        history: beginBatch(state.history, edits.snapshot(COMMAND_DESCRIPTIONS.resize)),
      });
    },

    updateTrim: (deltaFrames) => {
      const drag = get().trimDrag;
      if (!drag) return;
      const result = trimItem(drag.base, { itemId: drag.itemId, edge: drag.edge, deltaFrames });
      if (result.ok) set({ timeline: result.timeline, trimDrag: { ...drag, deltaFrames } });
      else if (result.reason.code === 'ignored')
        set({ timeline: drag.base, trimDrag: { ...drag, deltaFrames: 0 } });
    },

    endTrim: () => {
      const state = get();
      const drag = state.trimDrag;
      if (!drag) return false;
      const result = trimItem(drag.base, {
        itemId: drag.itemId,
        edge: drag.edge,
        deltaFrames: drag.deltaFrames,
      });
      set({
        trimDrag: null,
        timeline: drag.base,
        history: endBatch(state.history, { changed: result.ok }),
      });
      if (!result.ok) return false;
      // The batch recorded the snapshot before the drag.
      const { itemId, edge, deltaFrames } = drag;
      return edits.apply(result, {
        undo: 'none',
        replay: (d) => trimItem(d.timeline, { itemId, edge, deltaFrames }),
      });
    },

    cancelTrim: () => {
      const state = get();
      if (!state.trimDrag) return;
      set({
        timeline: state.trimDrag.base,
        trimDrag: null,
        history: endBatch(state.history, { changed: false }),
      });
    },
  };
}

/** Selection, playhead, playback, stage preview and zoom: not edits, nothing to undo or sync. */
function viewActions(
  set: SetState,
  get: GetState,
): Pick<
  EditorActions,
  'select' | 'clearSelection' | 'seek' | 'setPlaying' | 'previewAsset' | 'setZoom'
> {
  return {
    select: (itemId, { toggle = false } = {}) => {
      const current = get().selection;
      if (!toggle) set({ selection: [itemId] });
      else if (current.includes(itemId)) set({ selection: current.filter((id) => id !== itemId) });
      else set({ selection: [...current, itemId] });
    },

    clearSelection: () => {
      if (get().selection.length > 0) set({ selection: [] });
    },

    seek: (frame) => {
      const total = timelineTotalFrames(get().timeline);
      const clamped = Math.min(total - 1, Math.max(0, Number.isFinite(frame) ? frame : 0));
      if (clamped !== get().frame) set({ frame: clamped });
    },

    setPlaying: (playing) => {
      if (get().playing !== playing) set(playing ? { playing, previewAssetId: null } : { playing });
    },

    previewAsset: (assetId) => {
      if (get().previewAssetId === assetId) return;
      set(assetId ? { previewAssetId: assetId, playing: false } : { previewAssetId: null });
    },

    setZoom: (zoom) => set({ zoom: clampZoom(zoom, timelineMaxZoom(get().timeline.tracks)) }),
  };
}

/** The sync state machine's clock and answers (spec 3 §4 "Sync with server"). */
function syncActions(
  set: SetState,
  get: GetState,
  now: () => number,
  events: { synced: (revision: number) => void },
): Pick<EditorActions, 'takeDueSync' | 'syncDone' | 'retrySync'> {
  return {
    takeDueSync: (at) => {
      const started = startSync(get().sync, at);
      if (!started.shotIds) return null;
      set({ sync: started.state });
      return { shotIds: started.shotIds };
    },

    syncDone: (result) => {
      const state = get();
      if (result.ok && state.sync.inFlight) events.synced(state.sync.inFlight.revision);
      set({
        sync: result.ok
          ? syncSucceeded(state.sync, { now: now(), version: result.version })
          : syncFailed(state.sync, { message: result.message, conflict: result.conflict }),
      });
    },

    retrySync: () => set({ sync: forceSync(get().sync, now()) }),
  };
}

/** What the editor opens with, or the spec's error text (spec 3 §4 "Timeline initialisation"). */
export function initialTimeline(
  raw: unknown,
): { ok: true; timeline: VideoEditorTimeline } | { ok: false; message: string } {
  const loaded = loadTimeline(raw);
  if (!loaded.ok) return { ok: false, message: loaded.reason.message };
  return { ok: true, timeline: loaded.timeline };
}
