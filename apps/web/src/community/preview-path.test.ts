import { describe, expect, it } from 'vitest';
import { communityStoryPath, previewCloseDestination } from './preview-path';

describe('communityStoryPath', () => {
  it('builds /story/community/{id}', () => {
    expect(communityStoryPath('abc')).toBe('/story/community/abc');
    expect(communityStoryPath('a/b')).toBe('/story/community/a%2Fb');
  });
});

describe('previewCloseDestination', () => {
  it('goes to /story from community and share story paths', () => {
    expect(previewCloseDestination('/story/community/abc')).toBe('/story');
    expect(previewCloseDestination('/story/share/abc')).toBe('/story');
    expect(previewCloseDestination('/story/share/abc/')).toBe('/story');
  });

  it('stays on other pages', () => {
    expect(previewCloseDestination('/story')).toBeNull();
    expect(previewCloseDestination('/story/community')).toBeNull();
    expect(previewCloseDestination('/story/my')).toBeNull();
  });
});
