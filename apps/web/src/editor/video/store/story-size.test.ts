import { videoEditorTimelineSchema } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editor-store';
import { editorAspectRatio, setStoryAspectRatio } from './story-size';

/** One landscape picture. */
const timeline = () =>
  videoEditorTimelineSchema.parse({
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'image',
            mediaAssetId: 'img',
            startTimeInFrames: 0,
            durationInFrames: 60,
          },
        ],
      },
    ],
    mediaAssets: [
      { id: 'img', url: '/i.png', resource_type: 'image', metadata: { width: 1280, height: 720 } },
    ],
  });

describe('the aspect-ratio control', () => {
  it('sets the ratio with cover fit, and changes nothing when already so', () => {
    const result = setStoryAspectRatio(timeline(), { aspectRatio: '9:16' });
    expect(result.ok && result.timeline.globalConfig).toMatchObject({
      aspectRatio: '9:16',
      pictureFit: 'cover',
    });
    expect(result.ok && result.description).toBe('Change aspect ratio');
    if (!result.ok) return;
    const again = setStoryAspectRatio(result.timeline, { aspectRatio: '9:16' });
    expect(again.ok).toBe(false);
    const whole = setStoryAspectRatio(result.timeline, { aspectRatio: '9:16', fit: 'contain' });
    expect(whole.ok && whole.timeline.globalConfig.pictureFit).toBe('contain');
  });

  it("is one undoable, synced edit that the player's ratio follows", () => {
    const store = createEditorStore({
      storyId: 's',
      storySize: { categoryInputs: { aspect_ratio: '1:1' } },
      timeline: timeline(),
      shotsMap: {},
      version: 1,
      now: () => 1000,
    });
    const ratio = () => editorAspectRatio(store.getState().timeline, store.getState().storySize);
    // The creation form's choice until the editor chooses one.
    expect(ratio()).toBe('1:1');
    expect(
      store.getState().applyCommand((t) => setStoryAspectRatio(t, { aspectRatio: '9:16' })),
    ).toBe(true);
    expect(ratio()).toBe('9:16');
    expect(store.getState().sync.hasUnsavedChanges).toBe(true);
    expect(store.getState().undo()).toBe(true);
    expect(ratio()).toBe('1:1');
    expect(store.getState().timeline.globalConfig.pictureFit).toBeUndefined();
    expect(store.getState().redo()).toBe(true);
    expect(ratio()).toBe('9:16');
  });

  it("takes the media's shape when the story says nothing", () => {
    expect(editorAspectRatio(timeline(), {})).toBe('16:9');
  });
});
