import { describe, expect, it } from 'vitest';
import { profileFormValues, profileUpdate } from './profile-form';

const profile = { username: 'ada', displayName: 'Ada', avatarUrl: null };

describe('profileUpdate', () => {
  it('is empty when nothing changed', () => {
    expect(profileUpdate(profile, profileFormValues(profile))).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(
      profileUpdate(profile, { username: 'ada', displayName: 'Ada L.', avatarUrl: '' }),
    ).toEqual({ displayName: 'Ada L.' });
    expect(
      profileUpdate(profile, {
        username: 'ada2',
        displayName: 'Ada',
        avatarUrl: 'https://x.test/a',
      }),
    ).toEqual({ username: 'ada2', avatarUrl: 'https://x.test/a' });
  });

  it('clears the avatar with null', () => {
    const withAvatar = { ...profile, avatarUrl: 'https://x.test/a' };
    expect(
      profileUpdate(withAvatar, profileFormValues({ ...withAvatar, avatarUrl: null })),
    ).toEqual({
      avatarUrl: null,
    });
  });
});
