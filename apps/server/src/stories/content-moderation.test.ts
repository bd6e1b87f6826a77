import { describe, expect, it } from 'vitest';
import { communityModerationIssue } from './content-moderation';

describe('communityModerationIssue', () => {
  it('names the kind of restricted content', () => {
    expect(communityModerationIssue('My NUDE beach day')).toBe('Nudity and Sexual Content');
    expect(communityModerationIssue('Gore compilation')).toBe('Violence and Gore');
    expect(communityModerationIssue('How to make a bomb!')).toBe('Illegal Activities');
  });

  it('matches whole words only, ignoring accents and punctuation', () => {
    expect(communityModerationIssue('Gorey details of a picnic')).toBeNull();
    expect(communityModerationIssue('Nüde-art')).toBe('Nudity and Sexual Content');
    expect(communityModerationIssue('Neon Nights')).toBeNull();
    expect(communityModerationIssue('')).toBeNull();
  });
});
