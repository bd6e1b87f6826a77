import { describe, expect, it } from 'vitest';
import type { Shot, ShotsMap } from '@storyloom/core';
import { orderedShots } from '@storyloom/core';
import { deleteItems } from './delete-items';
import { insertAsset } from './insert-asset';
import { moveItems } from './move-items';
import {
  addShot,
  applyShotChanges,
  rankInOrder,
  removeShot,
  reorderShot,
  updateShot,
} from './storyboard';
import { basic, counter, expectOk, expectRefused } from './test-builders';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

function shots(): ShotsMap {
  return {
    sA: { shot_id: 'sA', shot_type: 'auto', lexorank: 'a', active_video_id: 'v1' },
    sB: { shot_id: 'sB', shot_type: 'manual', lexorank: 'b', active_video_id: 'v2' },
    sC: { shot_id: 'sC', shot_type: 'auto', lexorank: 'c', active_video_id: 'v3' },
    sD: {
      shot_id: 'sD',
      shot_type: 'auto',
      lexorank: 'd',
      is_hidden: true,
      hidden_at: 1,
      active_video_id: 'v4',
    },
  };
}
const order = (map: ShotsMap) => orderedShots(map).map((shot) => shot.shot_id);

describe('storyboard edits', () => {
  it('adds a shot after, before, or last; lookup errors use the spec texts', () => {
    const shot: Shot = { shot_id: 'sN', lexorank: '' };
    const after = addShot(shots(), { shot, afterShotId: 'sA' });
    expect(after.ok && order(after.shotsMap)).toEqual(['sA', 'sN', 'sB', 'sC', 'sD']);
    const before = addShot(shots(), { shot, beforeShotId: 'sA' });
    expect(before.ok && order(before.shotsMap)).toEqual(['sN', 'sA', 'sB', 'sC', 'sD']);
    const last = addShot(shots(), { shot });
    expect(last.ok && order(last.shotsMap).at(-1)).toBe('sN');
    expect(last.ok && last.changedShotIds).toEqual(['sN']);
    expect(expectRefused(addShot(shots(), { shot, beforeShotId: 'x' })).message).toBe(
      'Before shot with ID x not found',
    );
    expect(expectRefused(addShot(shots(), { shot, afterShotId: 'y' })).message).toBe(
      'After shot with ID y not found',
    );
  });

  it('reorders a shot, changing only its rank', () => {
    const moved = reorderShot(shots(), { shotId: 'sC', beforeShotId: 'sA' });
    expect(moved.ok && order(moved.shotsMap)).toEqual(['sC', 'sA', 'sB', 'sD']);
    expect(moved.ok && moved.changedShotIds).toEqual(['sC']);
    expect(expectRefused(reorderShot(shots(), { shotId: 'zz' })).message).toBe(
      'Shot with ID zz not found',
    );
  });

  it('re-spreads the ranks when neighbours are equal', () => {
    const map: ShotsMap = {
      a: { shot_id: 'a', lexorank: 'm' },
      b: { shot_id: 'b', lexorank: 'm' },
    };
    const placed = addShot(map, { shot: { shot_id: 'n', lexorank: '' }, afterShotId: 'a' });
    expect(placed.ok && order(placed.shotsMap)).toEqual(['a', 'n', 'b']);
  });

  it('updates a shot', () => {
    const updated = updateShot(shots(), { shotId: 'sB', patch: { image_prompt: 'a cat' } });
    expect(updated.ok && updated.shotsMap.sB!.image_prompt).toBe('a cat');
  });

  it('hides an auto shot (with hidden_at in seconds) and deletes others', () => {
    const hidden = removeShot(shots(), { shotId: 'sA', now: NOW });
    expect(hidden.ok && hidden.shotsMap.sA).toMatchObject({
      is_hidden: true,
      hidden_at: NOW / 1000,
    });
    const deleted = removeShot(shots(), { shotId: 'sB', now: NOW });
    expect(deleted.ok && 'sB' in deleted.shotsMap).toBe(false);
    expect(deleted.ok && deleted.changedShotIds).toEqual(['sB']);
  });

  it('ranks an order changing as few shots as possible', () => {
    const ranked = rankInOrder(shots(), ['sB', 'sC', 'sA']);
    expect(ranked.changedShotIds).toEqual(['sA']);
    expect(order(ranked.shotsMap).slice(0, 3)).toEqual(['sB', 'sC', 'sA']);
  });
});

describe('applyShotChanges (what a primary-track edit does to the storyboard)', () => {
  it('a deleted primary item hides an auto shot and deletes a manual one', () => {
    const first = expectOk(deleteItems(basic(), { selection: { kind: 'item', itemId: 'A' } }));
    const auto = applyShotChanges(shots(), {
      changes: first.shotChanges,
      timeline: first.timeline,
      now: NOW,
    });
    expect(auto.shotsMap.sA).toMatchObject({ is_hidden: true });
    expect(auto.changedShotIds).toEqual(['sA']);
    const second = expectOk(deleteItems(basic(), { selection: { kind: 'item', itemId: 'B' } }));
    const manual = applyShotChanges(shots(), {
      changes: second.shotChanges,
      timeline: second.timeline,
      now: NOW,
    });
    expect(manual.shotsMap.sB).toBeUndefined();
  });

  it('re-adding a hidden shot unhides it and places it in order', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'v4',
        target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
        newId: counter('x'),
      }),
    );
    const applied = applyShotChanges(shots(), {
      changes: result.shotChanges,
      timeline: result.timeline,
      now: NOW,
    });
    expect(applied.shotsMap.sD).toMatchObject({
      is_hidden: false,
      hidden_at: null,
      active_video_id: 'v4',
    });
    expect(order(applied.shotsMap)).toEqual(['sD', 'sA', 'sB', 'sC']);
    expect(applied.changedShotIds).toEqual(['sD']);
  });

  it('a new asset creates a shot of the right type', () => {
    const result = expectOk(
      insertAsset(basic(), {
        assetId: 'i1',
        target: { kind: 'item', itemId: 'C', pointerFraction: 1 },
        newId: counter('x'),
      }),
    );
    const applied = applyShotChanges(shots(), {
      changes: result.shotChanges,
      timeline: result.timeline,
      now: NOW,
    });
    expect(applied.shotsMap.x2).toMatchObject({
      shot_id: 'x2',
      shot_type: 'uploaded_image',
      active_image_id: 'i1',
      active_image_url: '/media/i1',
    });
    const visible = orderedShots(applied.shotsMap).filter((shot) => !shot.is_hidden);
    expect(visible.map((shot) => shot.shot_id)).toEqual(['sA', 'sB', 'sC', 'x2']);
  });

  it('replacing media updates the shot; moving reorders it', () => {
    const replaced = expectOk(
      insertAsset(basic(), {
        assetId: 'i1',
        target: { kind: 'item', itemId: 'B', pointerFraction: 0.5 },
        newId: counter(),
      }),
    );
    const updated = applyShotChanges(shots(), {
      changes: replaced.shotChanges,
      timeline: replaced.timeline,
      now: NOW,
    });
    expect(updated.shotsMap.sB).toMatchObject({ active_image_id: 'i1', active_video_id: null });
    const moved = expectOk(
      moveItems(basic(), {
        selection: { kind: 'item', itemId: 'C' },
        target: { kind: 'item', itemId: 'A', pointerFraction: 0 },
        newId: counter(),
      }),
    );
    const reordered = applyShotChanges(shots(), {
      changes: moved.shotChanges,
      timeline: moved.timeline,
      now: NOW,
    });
    expect(order(reordered.shotsMap).slice(0, 3)).toEqual(['sC', 'sA', 'sB']);
    expect(reordered.changedShotIds).toEqual(['sC']);
  });
});
