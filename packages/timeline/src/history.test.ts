import { describe, expect, it } from 'vitest';
import type { Track } from '@storyloom/core';
import {
  beginBatch,
  canRedo,
  canUndo,
  createHistory,
  endBatch,
  recordSnapshot,
  redo,
  setHistoryLimit,
  setRestoring,
  undo,
  type EditorSnapshotState,
  type History,
} from './history';

const state = (n: number): EditorSnapshotState => ({
  shotsMap: { [`s${n}`]: { shot_id: `s${n}`, lexorank: 'a' } },
  tracks: [{ id: `t${n}`, type: 'video', items: [] }] as Track[],
});
const snap = (n: number, description = `edit ${n}`) => ({
  id: `h${n}`,
  timestamp: n,
  description,
  ...state(n),
});

function recordAll(history: History, count: number) {
  let h = history;
  for (let i = 0; i < count; i++) h = recordSnapshot(h, snap(i));
  return h;
}

describe('history', () => {
  it('keeps at most 20 snapshots by default, configurable with a minimum of 1', () => {
    expect(recordAll(createHistory(), 25).past).toHaveLength(20);
    expect(recordAll(createHistory(), 25).past[0]!.id).toBe('h5');
    expect(createHistory(0).limit).toBe(1);
    expect(createHistory(-5).limit).toBe(1);
    expect(recordAll(createHistory(3), 5).past.map((s) => s.id)).toEqual(['h2', 'h3', 'h4']);
    expect(setHistoryLimit(recordAll(createHistory(), 10), 2).past.map((s) => s.id)).toEqual([
      'h8',
      'h9',
    ]);
  });

  it('undo restores the snapshot and redo re-applies what was current', () => {
    let h = recordSnapshot(createHistory(), snap(0, 'Resize item'));
    const step = undo(h, state(1))!;
    expect(step.restore).toEqual(state(0));
    expect(step.description).toBe('Resize item');
    h = step.history;
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(true);
    const again = redo(h, state(0))!;
    expect(again.restore).toEqual(state(1));
    expect(again.description).toBe('Resize item');
    expect(undo(createHistory(), state(0))).toBeNull();
    expect(redo(createHistory(), state(0))).toBeNull();
  });

  it('a new snapshot clears the redo stack', () => {
    let h = recordAll(createHistory(), 3);
    h = undo(h, state(9))!.history;
    expect(h.future).toHaveLength(1);
    h = recordSnapshot(h, snap(7));
    expect(h.future).toHaveLength(0);
  });

  it('takes no snapshot while a restore runs', () => {
    let h = setRestoring(createHistory(), true);
    h = recordSnapshot(h, snap(1));
    expect(h.past).toHaveLength(0);
    h = recordSnapshot(setRestoring(h, false), snap(2));
    expect(h.past).toHaveLength(1);
  });

  it("a named batch such as 'Resize item' is one undo step", () => {
    let h = beginBatch(createHistory(), snap(0, 'Resize item'));
    h = recordSnapshot(h, snap(1));
    h = beginBatch(h, snap(2, 'nested'));
    h = endBatch(h, { changed: true });
    h = recordSnapshot(h, snap(3));
    expect(canUndo(h)).toBe(false);
    h = endBatch(h, { changed: true });
    expect(h.past.map((s) => s.description)).toEqual(['Resize item']);
    const unchanged = endBatch(beginBatch(createHistory(), snap(0)), { changed: false });
    expect(unchanged.past).toHaveLength(0);
  });
});
