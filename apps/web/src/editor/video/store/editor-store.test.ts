import {
  MESSAGES,
  videoEditorTimelineSchema,
  type ShotsMap,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { setStoryAspectRatio, timelineAspectRatio } from '@storyloom/timeline';
import { createEditorStore, initialTimeline, timelineTotalFrames } from './editor-store';

/** Three 2-second shots (two pictures and a 4-second clip) and a music bed under them. */
function timeline(): VideoEditorTimeline {
  return videoEditorTimelineSchema.parse({
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'image',
            mediaAssetId: 'img1',
            shotId: 's1',
            startTimeInFrames: 0,
            durationInFrames: 60,
          },
          {
            id: 'b',
            type: 'video',
            mediaAssetId: 'vid',
            shotId: 's2',
            startTimeInFrames: 60,
            durationInFrames: 60,
            sourceTrimStartFrames: 30,
            sourceTrimEndFrames: 90,
          },
          {
            id: 'c',
            type: 'image',
            mediaAssetId: 'img1',
            shotId: 's3',
            startTimeInFrames: 120,
            durationInFrames: 60,
          },
        ],
      },
      {
        id: 'music',
        type: 'audio',
        items: [
          {
            id: 'm',
            type: 'audio',
            mediaAssetId: 'song',
            startTimeInFrames: 0,
            durationInFrames: 180,
          },
        ],
      },
    ],
    mediaAssets: [
      { id: 'img1', url: '/media/a.png', resource_type: 'image' },
      { id: 'img2', url: '/media/b.png', resource_type: 'image' },
      { id: 'vid', url: '/media/c.mp4', resource_type: 'video', metadata: { duration: 4 } },
      { id: 'song', url: '/media/d.mp3', resource_type: 'audio', metadata: { duration: 10 } },
      { id: 'song2', url: '/media/e.mp3', resource_type: 'audio', metadata: { duration: 10 } },
    ],
  });
}

/** The storyboard of the three shots. */
const SHOTS: ShotsMap = {
  s1: { shot_id: 's1', shot_type: 'manual', lexorank: 'a', active_image_id: 'img1' },
  s2: { shot_id: 's2', shot_type: 'manual', lexorank: 'b', active_video_id: 'vid' },
  s3: { shot_id: 's3', shot_type: 'manual', lexorank: 'c', active_image_id: 'img1' },
};

function store(shotsMap: ShotsMap = {}) {
  let id = 0;
  let clock = 1_000_000;
  const created = createEditorStore({
    storyId: 'story-1',
    timeline: timeline(),
    shotsMap,
    version: 3,
    newId: () => `new-${++id}`,
    now: () => (clock += 10),
  });
  return created;
}

const primary = (s: ReturnType<typeof store>) =>
  s
    .getState()
    .timeline.tracks.find((t) => t.isPrimary)!
    .items.map((i) => [
      i.id === 'a' || i.id === 'b' || i.id === 'c' ? i.id : i.mediaAssetId,
      i.startTimeInFrames,
      i.durationInFrames,
    ]);

describe('the editor store', () => {
  it('inserts a dropped picture before a shot and replaces a shot in the middle', () => {
    const s = store();
    expect(
      s.getState().insertAsset('img2', { kind: 'item', itemId: 'b', pointerFraction: 0.1 }),
    ).toBe(true);
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['img2', 60, 60],
      ['b', 120, 60],
      ['c', 180, 60],
    ]);
    expect(s.getState().history.past.at(-1)?.description).toBe('Insert item');
    expect(
      s.getState().insertAsset('img2', { kind: 'item', itemId: 'c', pointerFraction: 0.5 }),
    ).toBe(true);
    const items = s.getState().timeline.tracks.find((t) => t.isPrimary)!.items;
    expect(items.map((i) => i.mediaAssetId)).toEqual(['img1', 'img2', 'vid', 'img2']);
    expect(items.map((i) => i.startTimeInFrames)).toEqual([0, 60, 120, 180]);
    expect(s.getState().history.past.at(-1)?.description).toBe('Replace item');
  });

  it('refuses an audio file on the video track with the spec text and records nothing', () => {
    const s = store();
    expect(
      s.getState().insertAsset('song2', { kind: 'item', itemId: 'b', pointerFraction: 0.5 }),
    ).toBe(false);
    expect(s.getState().notice?.message).toBe(MESSAGES.editor.onlyVideoAndImage);
    expect(s.getState().history.past).toHaveLength(0);
    expect(s.getState().sync.hasUnsavedChanges).toBe(false);
  });

  it('a trim drag is one undo step named Resize item, later items shifting during the drag', () => {
    const s = store();
    s.getState().beginTrim('b', 'start');
    s.getState().updateTrim(10);
    // Live: the clip is shorter and the next shot already moved.
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 50],
      ['c', 110, 60],
    ]);
    s.getState().updateTrim(20);
    expect(s.getState().endTrim()).toBe(true);
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 40],
      ['c', 100, 60],
    ]);
    expect(s.getState().history.past.map((h) => h.description)).toEqual(['Resize item']);
    expect(s.getState().undo()).toBe(true);
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 60],
      ['c', 120, 60],
    ]);
  });

  it('a trim past the start of the source keeps the last valid state and commits it', () => {
    const s = store();
    s.getState().beginTrim('b', 'start');
    s.getState().updateTrim(-20);
    s.getState().updateTrim(-40); // only 30 frames of source before the clip's start
    expect(s.getState().endTrim()).toBe(true);
    expect(primary(s)[1]).toEqual(['b', 60, 80]);
  });

  it('nudges the selected item volume and clamps at 1', () => {
    const s = store();
    s.getState().select('m');
    expect(s.getState().nudgeVolume(1)).toBe(false); // already 1: ignored, no step
    expect(s.getState().nudgeVolume(-1)).toBe(true);
    expect(s.getState().nudgeVolume(-1)).toBe(true);
    const music = s.getState().timeline.tracks.find((t) => t.id === 'music')!.items[0]!;
    expect(music.volume).toBe(0.9);
    expect(s.getState().history.past).toHaveLength(2);
  });

  it('undo three times and redo twice give back the exact states', () => {
    const s = store();
    const states = [s.getState().timeline.tracks];
    s.getState().select('m');
    s.getState().nudgeVolume(-1);
    states.push(s.getState().timeline.tracks);
    s.getState().insertAsset('img2', { kind: 'item', itemId: 'a', pointerFraction: 0.9 });
    states.push(s.getState().timeline.tracks);
    s.getState().select('c');
    s.getState().deleteSelection();
    states.push(s.getState().timeline.tracks);
    expect(s.getState().selection).toEqual([]);
    for (let i = 0; i < 3; i++) s.getState().undo();
    expect(s.getState().timeline.tracks).toEqual(states[0]);
    s.getState().redo();
    s.getState().redo();
    expect(s.getState().timeline.tracks).toEqual(states[2]);
    expect(s.getState().history.future).toHaveLength(1);
  });

  it('selection: click selects one, shift toggles, escape clears; deleting drops it', () => {
    const s = store();
    s.getState().select('a');
    s.getState().select('b', { toggle: true });
    expect(s.getState().selection).toEqual(['a', 'b']);
    s.getState().select('a', { toggle: true });
    expect(s.getState().selection).toEqual(['b']);
    s.getState().clearSelection();
    expect(s.getState().selection).toEqual([]);
  });

  it('seeks within 0 .. total − 1', () => {
    const s = store();
    expect(timelineTotalFrames(s.getState().timeline)).toBe(180);
    s.getState().seek(500);
    expect(s.getState().frame).toBe(179);
    s.getState().seek(-3);
    expect(s.getState().frame).toBe(0);
  });

  it('an edit schedules a sync 1 s later; a 409 stops syncing until reload', () => {
    const s = store();
    s.getState().select('m');
    s.getState().nudgeVolume(-1);
    const { sync } = s.getState();
    expect(sync.status).toBe('waitSync');
    expect(s.getState().takeDueSync(sync.dueAt! - 1)).toBeNull();
    expect(s.getState().takeDueSync(sync.dueAt!)).not.toBeNull();
    expect(s.getState().sync.status).toBe('syncing');
    s.getState().syncDone({ ok: false, conflict: true, message: MESSAGES.editor.syncConflict });
    expect(s.getState().sync).toMatchObject({
      conflict: true,
      status: 'error',
      hasUnsavedChanges: true,
    });
    s.getState().nudgeVolume(-1);
    expect(s.getState().sync.dueAt).toBeNull();
  });

  it('a successful sync takes the new version as the next base', () => {
    const s = store();
    s.getState().select('m');
    s.getState().nudgeVolume(-1);
    s.getState().takeDueSync(Number.MAX_SAFE_INTEGER);
    s.getState().syncDone({ ok: true, version: 4 });
    expect(s.getState().sync).toMatchObject({
      baseVersion: 4,
      status: 'idle',
      hasUnsavedChanges: false,
      exportOutdated: true,
    });
  });

  it('initialisation answers the spec texts for bad documents', () => {
    expect(initialTimeline({ tracks: 'nope', mediaAssets: [] })).toEqual({
      ok: false,
      message: MESSAGES.editor.invalidTracks,
    });
    expect(initialTimeline({ tracks: [], mediaAssets: 'nope' })).toEqual({
      ok: false,
      message: MESSAGES.editor.invalidAssets,
    });
    expect(initialTimeline(null)).toMatchObject({ ok: true });
  });

  it('changes speed, fades and a picture’s duration as undoable, synced steps', () => {
    const s = store();
    expect(s.getState().setSpeed('m', 2)).toBe(true);
    expect(s.getState().setFade('m', 'fade-in', 1)).toBe(true);
    expect(s.getState().setImageDuration('a', 1)).toBe(true);
    const music = () => s.getState().timeline.tracks.find((t) => t.id === 'music')!.items[0]!;
    expect(music()).toMatchObject({ speed: 2, durationInFrames: 90 });
    expect(music().effects).toEqual([{ type: 'fade-in', durationInFrames: 30 }]);
    expect(primary(s)).toEqual([
      ['a', 0, 30],
      ['b', 30, 60],
      ['c', 90, 60],
    ]);
    expect(s.getState().history.past.map((step) => step.description)).toEqual([
      'Change speed',
      'Change fade',
      'Change image duration',
    ]);
    expect(s.getState().sync.hasUnsavedChanges).toBe(true);
    s.getState().undo();
    expect(primary(s)[0]).toEqual(['a', 0, 60]);
    s.getState().undo();
    expect(music().effects).toBeUndefined();
  });

  it('adds and removes library assets without undo steps, keeping those in use', () => {
    const s = store();
    s.getState().addMediaAsset({ id: 'up', url: '/media/u.png', resource_type: 'image' });
    expect(s.getState().timeline.mediaAssets.map((a) => a.id)).toContain('up');
    expect(s.getState().sync.hasUnsavedChanges).toBe(true);
    expect(s.getState().removeMediaAsset('up')).toEqual({ ok: true });
    expect(s.getState().removeMediaAsset('vid')).toEqual({
      ok: false,
      message: MESSAGES.editor.videoInUse,
    });
    expect(s.getState().removeMediaAsset('img1')).toEqual({
      ok: false,
      message: MESSAGES.editor.imageInUse,
    });
    expect(s.getState().history.past).toEqual([]);
    // Both go out with the next sync, like any other edit.
    s.getState().takeDueSync(Number.MAX_SAFE_INTEGER);
    expect(s.getState().sync.status).toBe('syncing');
  });

  it('a shot’s text is one undoable edit named Edit shot, and that shot syncs', () => {
    const s = store(SHOTS);
    expect(s.getState().updateShotFields('s2', { image_prompt: 'a kite over the sea' })).toBe(true);
    expect(s.getState().shotsMap.s2).toMatchObject({ image_prompt: 'a kite over the sea' });
    expect(s.getState().history.past.map((step) => step.description)).toEqual(['Edit shot']);
    expect(s.getState().sync).toMatchObject({ hasUnsavedChanges: true, pendingShotIds: ['s2'] });
    expect(s.getState().takeDueSync(Number.MAX_SAFE_INTEGER)).toEqual({ shotIds: ['s2'] });
    s.getState().syncDone({ ok: true, version: 4 });
    expect(s.getState().undo()).toBe(true);
    expect(s.getState().shotsMap.s2?.image_prompt).toBeUndefined();
    // The undo is an edit of that shot too.
    expect(s.getState().sync.pendingShotIds).toEqual(['s2']);
    expect(s.getState().redo()).toBe(true);
    expect(s.getState().shotsMap.s2).toMatchObject({ image_prompt: 'a kite over the sea' });
    // A shot that is not in the storyboard is refused with its text; nothing is recorded.
    expect(s.getState().updateShotFields('nope', { image_prompt: 'x' })).toBe(false);
    expect(s.getState().notice?.message).toBe(MESSAGES.editor.shotNotFound('nope'));
    expect(s.getState().history.past).toHaveLength(1);
  });

  it('a shot’s new media is one undoable edit that syncs the shot and builds on the run’s version', () => {
    const s = store(SHOTS);
    s.getState().select('a');
    s.getState().setPlaying(true);
    s.getState().addMediaAsset({
      id: 'vid2',
      url: '/media/f.mp4',
      resource_type: 'video',
      shot_id: 's1',
      metadata: { duration: 2 },
    });
    const picked = s.getState().timeline.mediaAssets.find((asset) => asset.id === 'vid2')!;
    expect(s.getState().setShotMedia([picked], { serverVersion: 9 })).toBe(true);
    const shotItem = () =>
      s
        .getState()
        .timeline.tracks.find((t) => t.isPrimary)!
        .items.find((i) => i.shotId === 's1')!;
    expect(shotItem()).toMatchObject({ type: 'video', mediaAssetId: 'vid2' });
    expect(s.getState().shotsMap.s1).toMatchObject({ active_video_id: 'vid2' });
    // The picture's item became a clip under a new id and stays selected; playback stopped.
    expect(s.getState().selection).toEqual([shotItem().id]);
    expect(s.getState().playing).toBe(false);
    expect(s.getState().history.past.map((step) => step.description)).toEqual([
      'Change shot media',
    ]);
    expect(s.getState().sync).toMatchObject({ baseVersion: 9, pendingShotIds: ['s1'] });
    expect(s.getState().undo()).toBe(true);
    expect(shotItem()).toMatchObject({ type: 'image', mediaAssetId: 'img1' });
    expect(s.getState().shotsMap.s1?.active_video_id).toBeUndefined();
    expect(s.getState().sync.pendingShotIds).toEqual(['s1']);
  });

  it('splits the shot under the playhead (S) as one undoable edit, with trims that add up', () => {
    const s = store();
    s.getState().seek(75.4);
    expect(s.getState().splitAtPlayhead()).toBe(true);
    const items = s.getState().timeline.tracks.find((t) => t.isPrimary)!.items;
    expect(items.map((i) => [i.id, i.startTimeInFrames, i.durationInFrames])).toEqual([
      ['a', 0, 60],
      ['b', 60, 15],
      ['new-1', 75, 45],
      ['c', 120, 60],
    ]);
    expect(items[1]).toMatchObject({ sourceTrimStartFrames: 30, sourceTrimEndFrames: 45 });
    expect(items[2]).toMatchObject({ sourceTrimStartFrames: 45, sourceTrimEndFrames: 90 });
    expect(s.getState().selection).toEqual(['new-1']);
    expect(s.getState().history.past).toHaveLength(1);
    expect(s.getState().history.past[0]!.description).toBe('Split item');
    expect(s.getState().sync.hasUnsavedChanges).toBe(true);
    // The new shot joins the storyboard after b's shot.
    expect(Object.keys(s.getState().shotsMap)).toContain('new-2');
    expect(s.getState().undo()).toBe(true);
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 60],
      ['c', 120, 60],
    ]);
    // A selected item is split in place; on a boundary nothing is and the user is told why.
    s.getState().select('m');
    s.getState().seek(100);
    expect(s.getState().splitAtPlayhead()).toBe(true);
    expect(
      s
        .getState()
        .timeline.tracks.find((t) => t.id === 'music')!
        .items.map((i) => i.durationInFrames),
    ).toEqual([100, 80]);
    s.getState().seek(60);
    s.getState().clearSelection();
    expect(s.getState().splitAtPlayhead()).toBe(false);
    expect(s.getState().notice?.message).toBe(MESSAGES.editor.splitOutsideItem);
  });
});

describe('previewing a library asset on the stage', () => {
  it('shows the asset, pauses, and is cleared by playback or by closing it', () => {
    const s = store();
    s.getState().setPlaying(true);
    s.getState().previewAsset('img1');
    expect(s.getState()).toMatchObject({ previewAssetId: 'img1', playing: false });
    s.getState().setPlaying(true);
    expect(s.getState()).toMatchObject({ previewAssetId: null, playing: true });
    s.getState().previewAsset('vid');
    s.getState().previewAsset(null);
    expect(s.getState().previewAssetId).toBeNull();
    // Not an edit: nothing to undo, nothing to save.
    expect(s.getState().undo()).toBe(false);
    expect(s.getState().sync.hasUnsavedChanges).toBe(false);
  });
});

describe('the aspect-ratio control', () => {
  it("is one undoable, synced edit that the player's ratio follows", () => {
    const s = createEditorStore({
      storyId: 's',
      storySize: { categoryInputs: { aspect_ratio: '1:1' } },
      timeline: timeline(),
      shotsMap: {},
      version: 1,
      now: () => 1000,
    });
    const ratio = () => timelineAspectRatio(s.getState().timeline, s.getState().storySize);
    // The creation form's choice until the editor chooses one.
    expect(ratio()).toBe('1:1');
    expect(s.getState().applyCommand((t) => setStoryAspectRatio(t, { aspectRatio: '9:16' }))).toBe(
      true,
    );
    expect(ratio()).toBe('9:16');
    expect(s.getState().history.past.map((step) => step.description)).toEqual([
      'Change aspect ratio',
    ]);
    expect(s.getState().sync.hasUnsavedChanges).toBe(true);
    expect(s.getState().undo()).toBe(true);
    expect(ratio()).toBe('1:1');
    expect(s.getState().timeline.globalConfig.pictureFit).toBeUndefined();
    expect(s.getState().redo()).toBe(true);
    expect(ratio()).toBe('9:16');
  });
});

describe('a stale tab keeping its changes', () => {
  it('applies the edits the server lacks again on its newer version and names those it cannot', () => {
    const s = store();
    // Saved before the other tab's save: not applied again.
    s.getState().setImageDuration('a', 1);
    s.getState().takeDueSync(Number.MAX_SAFE_INTEGER);
    s.getState().syncDone({ ok: true, version: 4 });
    s.getState().setSpeed('m', 2);
    s.getState().setImageDuration('c', 1);
    s.getState().setFade('m', 'fade-in', 1);
    s.getState().undo();
    s.getState().takeDueSync(Number.MAX_SAFE_INTEGER);
    s.getState().syncDone({ ok: false, conflict: true, message: MESSAGES.editor.syncConflict });
    expect(s.getState().sync.conflict).toBe(true);

    // The other tab deleted the music bed.
    const server = timeline();
    server.tracks = server.tracks.filter((track) => track.id !== 'music');
    const { refused } = s.getState().keepMyChanges({ timeline: server, shotsMap: {}, version: 5 });
    expect(refused).toEqual(['Change speed', 'Change fade', 'Undo Change fade']);
    expect(s.getState().timeline.tracks.map((track) => track.id)).toEqual(['main']);
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 60],
      ['c', 120, 30],
    ]);
    // Built on the server's version, saved at once; nothing of the old version to undo.
    expect(s.getState().sync).toMatchObject({
      conflict: false,
      baseVersion: 5,
      hasUnsavedChanges: true,
    });
    expect(s.getState().history.past).toEqual([]);
    expect(s.getState().takeDueSync(Date.now() + 2_000_000)).not.toBeNull();
    s.getState().syncDone({ ok: true, version: 6 });
    // Once the server has them, there is nothing left to apply again.
    expect(s.getState().keepMyChanges({ timeline: server, shotsMap: {}, version: 7 })).toEqual({
      refused: [],
    });
    expect(primary(s)).toEqual([
      ['a', 0, 60],
      ['b', 60, 60],
      ['c', 120, 60],
    ]);
  });
});
