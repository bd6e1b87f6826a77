import { describe, expect, it } from 'vitest';
import { currentPath, safeCallbackUrl, signInPath, signUpPath } from './callback-url';

describe('safeCallbackUrl', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeCallbackUrl('/story/my')).toBe('/story/my');
    expect(safeCallbackUrl('/story/editor?story_id=1&view=list')).toBe(
      '/story/editor?story_id=1&view=list',
    );
    expect(safeCallbackUrl('/')).toBe('/');
  });

  it('falls back to /story when missing or empty', () => {
    expect(safeCallbackUrl(null)).toBe('/story');
    expect(safeCallbackUrl(undefined)).toBe('/story');
    expect(safeCallbackUrl('')).toBe('/story');
  });

  it('refuses anything that could leave the site', () => {
    for (const url of [
      'https://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'story/my',
      '/story\n/my',
    ]) {
      expect(safeCallbackUrl(url)).toBe('/story');
    }
  });
});

describe('signInPath / signUpPath', () => {
  it('encodes the callback path', () => {
    expect(signInPath('/story/editor')).toBe('/signin?callbackUrl=%2Fstory%2Feditor');
    expect(signUpPath('/story/my?x=1&y=2')).toBe(
      '/signup?callbackUrl=%2Fstory%2Fmy%3Fx%3D1%26y%3D2',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const path = '/story/editor?story_id=abc&view=video-editor';
    const query = signInPath(path).split('?')[1];
    expect(new URLSearchParams(query).get('callbackUrl')).toBe(path);
  });
});

describe('currentPath', () => {
  it('joins pathname and search', () => {
    expect(currentPath({ pathname: '/story', search: '?a=1' })).toBe('/story?a=1');
    expect(currentPath({ pathname: '/story/my', search: '' })).toBe('/story/my');
  });
});
