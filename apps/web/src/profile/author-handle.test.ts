import { describe, expect, it } from 'vitest';
import { authorProfilePath, usernameFromHandle } from './author-handle';

describe('usernameFromHandle', () => {
  it('reads @username segments', () => {
    expect(usernameFromHandle('@ada')).toBe('ada');
    expect(usernameFromHandle('@ada.l_2')).toBe('ada.l_2');
    expect(usernameFromHandle('@j%C3%BCrgen')).toBe('jürgen');
  });

  it('refuses other segments', () => {
    expect(usernameFromHandle(undefined)).toBeNull();
    expect(usernameFromHandle('ada')).toBeNull();
    expect(usernameFromHandle('@')).toBeNull();
    expect(usernameFromHandle('@%E0%A4%A')).toBeNull();
    expect(usernameFromHandle('@a%2Fb')).toBeNull();
  });

  it('round-trips with authorProfilePath', () => {
    const path = authorProfilePath('ada');
    expect(path).toBe('/@ada');
    expect(usernameFromHandle(path.slice(1))).toBe('ada');
  });
});
