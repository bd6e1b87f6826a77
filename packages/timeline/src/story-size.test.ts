import { storyOutputSettings } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { setStoryAspectRatio, timelineAspectRatio } from './story-size';
import { asset, expectOk, expectRefused, item, timelineOf, track } from './test-builders';

/** One landscape picture. */
const landscape = () =>
  timelineOf(
    [
      track('main', 'video', [item('a', { type: 'image', mediaAssetId: 'img' })], {
        isPrimary: true,
      }),
    ],
    [asset('img', 'image', undefined, { metadata: { width: 1280, height: 720 } })],
  );

describe('the aspect-ratio command', () => {
  it('sets the ratio with cover fit, and changes nothing when already so', () => {
    const result = expectOk(setStoryAspectRatio(landscape(), { aspectRatio: '9:16' }));
    expect(result.timeline.globalConfig).toMatchObject({
      aspectRatio: '9:16',
      pictureFit: 'cover',
    });
    expect(result.description).toBe('Change aspect ratio');
    expect(result.timeline.tracks).toEqual(landscape().tracks);
    expect(expectRefused(setStoryAspectRatio(result.timeline, { aspectRatio: '9:16' })).code).toBe(
      'ignored',
    );
    const whole = expectOk(
      setStoryAspectRatio(result.timeline, { aspectRatio: '9:16', fit: 'contain' }),
    );
    expect(whole.timeline.globalConfig.pictureFit).toBe('contain');
    // A new ratio keeps the fit chosen before.
    const square = expectOk(setStoryAspectRatio(whole.timeline, { aspectRatio: '1:1' }));
    expect(square.timeline.globalConfig.pictureFit).toBe('contain');
  });
});

describe("the timeline's aspect ratio", () => {
  it('is the ratio chosen in the editor, else the creation form’s, else the media’s shape', () => {
    expect(timelineAspectRatio(landscape(), {})).toBe('16:9');
    expect(timelineAspectRatio(landscape(), { categoryInputs: { aspect_ratio: '1:1' } })).toBe(
      '1:1',
    );
    const chosen = expectOk(setStoryAspectRatio(landscape(), { aspectRatio: '9:16' })).timeline;
    expect(timelineAspectRatio(chosen, { categoryInputs: { aspect_ratio: '1:1' } })).toBe('9:16');
  });

  it('is the ratio the export is sized from', () => {
    for (const aspectRatio of ['16:9', '9:16', '1:1'] as const) {
      const timeline = expectOk(setStoryAspectRatio(landscape(), { aspectRatio })).timeline;
      const output = storyOutputSettings({ timeline });
      expect(output.aspectRatio).toBe(timelineAspectRatio(timeline, {}));
    }
  });
});
