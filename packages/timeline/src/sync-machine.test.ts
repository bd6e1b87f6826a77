import { describe, expect, it } from 'vitest';
import type { ShotsMap } from '@storyloom/core';
import { emptyTimeline, syncPayloadSchema } from '@storyloom/core';
import {
  createSyncState,
  forceSync,
  markChanged,
  nextSyncAt,
  startSync,
  syncFailed,
  syncSucceeded,
} from './sync-machine';
import { buildSyncPayload } from './sync-payload';
import { expectRefused } from './test-builders';

describe('sync state machine', () => {
  it('a change marks unsaved changes and schedules a sync 1 second later, debounced', () => {
    let s = markChanged(createSyncState(), { now: 1000, shotIds: ['a'] });
    expect(s).toMatchObject({ status: 'waitSync', hasUnsavedChanges: true, dueAt: 2000 });
    s = markChanged(s, { now: 1500, shotIds: ['b', 'a'] });
    expect(s.dueAt).toBe(2500);
    expect(s.pendingShotIds).toEqual(['a', 'b']);
    expect(startSync(s, 2499).shotIds).toBeNull();
    const started = startSync(s, 2500);
    expect(started.shotIds).toEqual(['a', 'b']);
    expect(started.state).toMatchObject({ status: 'syncing', pendingShotIds: [], dueAt: null });
  });

  it('a forced change syncs immediately', () => {
    const s = markChanged(createSyncState(), { now: 1000, force: true });
    expect(nextSyncAt(s)).toBe(1000);
    expect(forceSync(markChanged(createSyncState(), { now: 5 }), 7).dueAt).toBe(7);
    expect(forceSync(createSyncState(), 7).dueAt).toBeNull();
  });

  it('success clears unsaved changes, marks the export outdated and keeps the new version', () => {
    let s = startSync(
      markChanged(createSyncState({ baseVersion: 3 }), { now: 0, shotIds: ['a'] }),
      1000,
    ).state;
    s = syncSucceeded(s, { now: 1200, version: 4 });
    expect(s).toMatchObject({
      status: 'idle',
      hasUnsavedChanges: false,
      exportOutdated: true,
      baseVersion: 4,
      dueAt: null,
    });
  });

  it('after a success, pending shots start another sync at once', () => {
    let s = startSync(markChanged(createSyncState(), { now: 0, shotIds: ['a'] }), 1000).state;
    s = markChanged(s, { now: 1100, shotIds: ['b'] });
    expect(s.status).toBe('syncing');
    expect(nextSyncAt(s)).toBeNull();
    s = syncSucceeded(s, { now: 1200, version: 2 });
    expect(s).toMatchObject({ status: 'waitSync', hasUnsavedChanges: true, dueAt: 1200 });
    expect(startSync(s, 1200).shotIds).toEqual(['b']);
  });

  it('a failure re-queues the shots with the error message, or Unknown error', () => {
    let s = startSync(markChanged(createSyncState(), { now: 0, shotIds: ['a', 'b'] }), 1000).state;
    s = markChanged(s, { now: 1100, shotIds: ['c', 'a'] });
    const failed = syncFailed(s, { message: 'Network down' });
    expect(failed).toMatchObject({
      status: 'error',
      error: 'Network down',
      pendingShotIds: ['a', 'b', 'c'],
      hasUnsavedChanges: true,
      dueAt: null,
    });
    expect(syncFailed(s).error).toBe('Unknown error');
    const retried = markChanged(failed, { now: 2000 });
    expect(retried).toMatchObject({ status: 'waitSync', dueAt: 3000 });
  });

  it('a conflict stops syncing until reload', () => {
    let s = startSync(markChanged(createSyncState(), { now: 0 }), 1000).state;
    s = syncFailed(s, { message: 'stale', conflict: true });
    s = markChanged(s, { now: 2000, shotIds: ['x'] });
    expect(s).toMatchObject({ conflict: true, status: 'error', dueAt: null });
    expect(startSync(forceSync(s, 3000), 3000).shotIds).toBeNull();
  });
});

describe('buildSyncPayload', () => {
  const shotsMap: ShotsMap = {
    kept: { shot_id: 'kept', lexorank: 'a' },
    hidden: { shot_id: 'hidden', shot_type: 'auto', lexorank: 'b', is_hidden: true, hidden_at: 5 },
  };

  it('sends null for a deleted shot and the copy of a hidden auto shot', () => {
    const built = buildSyncPayload({
      storyId: 'st',
      shotsMap,
      shotIds: ['kept', 'gone', 'hidden'],
      timeline: emptyTimeline(),
      baseVersion: 7,
    });
    if (!built.ok) throw new Error(built.reason.message);
    expect(built.payload.shots_map).toEqual({
      kept: shotsMap.kept,
      gone: null,
      hidden: shotsMap.hidden,
    });
    expect(built.payload.base_version).toBe(7);
    expect(syncPayloadSchema.safeParse(built.payload).success).toBe(true);
  });

  it('needs a story id and something to send', () => {
    const base = { shotsMap, shotIds: [], timeline: emptyTimeline(), baseVersion: null };
    expect(expectRefused(buildSyncPayload({ ...base, storyId: null })).message).toBe(
      'Story ID is required for sync',
    );
    expect(expectRefused(buildSyncPayload({ ...base, storyId: 's', timeline: null })).message).toBe(
      'No data to sync',
    );
  });
});
