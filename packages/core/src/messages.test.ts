import { describe, expect, it } from 'vitest';
import { MESSAGES } from './index';

function leaves(value: unknown, path: string, out: [string, unknown][]): [string, unknown][] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      leaves(child, path ? `${path}.${key}` : key, out);
  } else out.push([path, value]);
  return out;
}

describe('MESSAGES', () => {
  it('every entry is a non-empty text, a text list or a text builder', () => {
    for (const [path, value] of leaves(MESSAGES, '', [])) {
      if (typeof value === 'function') continue;
      if (Array.isArray(value))
        expect(
          value.every((text) => typeof text === 'string' && text.length > 0),
          path,
        ).toBe(true);
      else expect(typeof value === 'string' && value.length > 0, path).toBe(true);
    }
  });

  it('keeps the spec texts word for word', () => {
    expect(MESSAGES.credits.freeStoriesLeft(3)).toBe('3 FREE Story Left');
    expect(MESSAGES.home.teamNote).toBe(
      'Stories created by your team are here! Only solo editing for now—collab mode is on the way!',
    );
    expect(MESSAGES.home.communityEmpty).toBe(
      'No published stories available yet. Check back soon for inspiring community stories!',
    );
    expect(MESSAGES.myStories.empty).toBe(
      'Start your storytelling journey — create your first story!',
    );
    expect(MESSAGES.community.empty).toBe('No template stories available.');
    expect(MESSAGES.promo).toMatchObject({
      title: 'Edit Seamlessly on Web',
      text: 'Enjoy a more powerful and precise video editing experience on the web.',
      button: 'OK, I Got it !',
    });
    expect(MESSAGES.deleteStory.text).toBe(
      'Are you sure you want to delete this Story? This action cannot be undone.',
    );
    expect(MESSAGES.workflow.invalidId).toBe('Invalid workflow ID');
    expect(MESSAGES.workflow.invalidIds).toBe('Invalid workflow IDs');
    expect(MESSAGES.editor.failedShotOverlay).toBe(
      'Oops, our spell slipped! Credits refunded —you can regenerate this shot in the editor.',
    );
  });

  it('fills placeholders', () => {
    expect(MESSAGES.share.actionFailed('download')).toBe('Failed to download. Please try again.');
    expect(MESSAGES.share.shareText('@storyloom', '')).toBe(
      'Check out this story on @storyloom: My Story',
    );
    expect(MESSAGES.share.shareText('@storyloom', 'Moon')).toBe(
      'Check out this story on @storyloom: Moon',
    );
    expect(MESSAGES.workflow.timedOut('r1', 100)).toBe('Workflow r1 timed out after 100 attempts.');
    expect(MESSAGES.editor.fileTooLarge('a.mp4', 100)).toBe('a.mp4 is too large (max 100MB)');
    expect(MESSAGES.workflow.renderEstimate(4)).toBe('~4min render, fully editable');
  });
});

describe('valueOutOfRange', () => {
  it("names the field's range, its step and an open upper end", () => {
    expect(MESSAGES.editor.valueOutOfRange(8, 120)).toBe('Enter a number from 8 to 120');
    expect(MESSAGES.editor.valueOutOfRange(100, 900, 100)).toBe(
      'Enter a number from 100 to 900 in steps of 100',
    );
    expect(MESSAGES.editor.valueOutOfRange(0, null)).toBe('Enter a number of at least 0');
  });
});
