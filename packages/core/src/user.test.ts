import { describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  MESSAGES,
  organizationCreateSchema,
  organizationNameSchema,
  organizationRoleSchema,
  organizationSlugSchema,
  organizationUpdateSchema,
  profilePath,
  profileSchema,
  profileUpdateSchema,
  signInPath,
  signUpSchema,
} from './index';

describe('users', () => {
  it('current user and profile shapes', () => {
    expect(
      currentUserSchema.parse({ id: 'u', email: 'a@b.co', displayName: 'A', extra: 1 }),
    ).toEqual({
      id: 'u',
      email: 'a@b.co',
      displayName: 'A',
    });
    expect(
      profileSchema.safeParse({
        id: 'u',
        email: 'e',
        displayName: 'A',
        username: null,
        avatarUrl: null,
        isTeam: false,
      }).success,
    ).toBe(true);
    expect(
      profileSchema.safeParse({
        id: 'u',
        email: 'e',
        displayName: 'A',
        username: null,
        avatarUrl: null,
      }).success,
    ).toBe(false);
  });

  it('lower-cases and checks usernames', () => {
    expect(profileUpdateSchema.parse({ username: '  Ada_Lovelace ' })).toEqual({
      username: 'ada_lovelace',
    });
    for (const username of ['ab', 'a'.repeat(31), 'ada-l', 'ada l', 'ädä']) {
      expect(profileUpdateSchema.safeParse({ username }).success).toBe(false);
    }
    expect(profileUpdateSchema.safeParse({ username: 'abc' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ username: 'a'.repeat(30) }).success).toBe(true);
  });

  it('checks display names and avatar', () => {
    expect(profileUpdateSchema.safeParse({ displayName: ' ' }).error?.issues[0]?.message).toBe(
      'Please enter a display name',
    );
    expect(profileUpdateSchema.safeParse({ displayName: 'x'.repeat(61) }).success).toBe(false);
    expect(profileUpdateSchema.parse({ avatarUrl: null })).toEqual({ avatarUrl: null });
    expect(profileUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('sign-up needs a valid email, 8+ character password, display name and username', () => {
    const valid = {
      email: 'ada@example.com',
      password: 'correct horse',
      displayName: 'Ada',
      username: 'Ada',
    };
    expect(signUpSchema.parse(valid)).toEqual({ ...valid, username: 'ada' });
    expect(signUpSchema.safeParse({ ...valid, password: 'short' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
    expect(signUpSchema.safeParse({ ...valid, email: 'nope' }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, username: undefined }).success).toBe(false);
  });

  it('paths', () => {
    expect(signInPath('/story/share/1?x=1')).toBe(
      '/signin?callbackUrl=%2Fstory%2Fshare%2F1%3Fx%3D1',
    );
    expect(profilePath({ username: 'ada', is_team: false })).toBe('/@ada');
    expect(profilePath({ username: 'team', is_team: true })).toBeNull();
    expect(profilePath({ username: null })).toBeNull();
  });
});

describe('team (organization) fields', () => {
  it('takes slugs of 3–48 lower-case words joined by single hyphens', () => {
    for (const good of ['abc', 'team-a-1764170000000', 'a1-b2-c3', 'x'.repeat(48)])
      expect(organizationSlugSchema.safeParse(good).success, good).toBe(true);
    for (const bad of [
      'ab',
      'x'.repeat(49),
      'a'.repeat(60_000),
      'Team',
      'a b',
      '-ab',
      'ab-',
      'a--b',
      'é-team',
      'a_b',
    ])
      expect(organizationSlugSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        MESSAGES.organization.slugFormat,
      );
  });

  it('trims names and bounds them to 1–60 characters', () => {
    expect(organizationNameSchema.parse('  Owls  ')).toBe('Owls');
    expect(organizationNameSchema.safeParse(' ').error?.issues[0]?.message).toBe(
      MESSAGES.organization.nameRequired,
    );
    expect(organizationNameSchema.safeParse('x'.repeat(61)).error?.issues[0]?.message).toBe(
      MESSAGES.organization.nameTooLong,
    );
  });

  it('bounds logos, details, changes and roles', () => {
    const team = { name: 'Owls', slug: 'owls' };
    expect(organizationCreateSchema.safeParse({ ...team, logo: 'x'.repeat(2049) }).success).toBe(
      false,
    );
    expect(
      organizationCreateSchema.safeParse({ ...team, metadata: { about: 'x'.repeat(501) } }).success,
    ).toBe(false);
    expect(
      organizationCreateSchema.safeParse({
        ...team,
        metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      }).success,
    ).toBe(false);
    expect(
      organizationCreateSchema.safeParse({ ...team, metadata: { nested: { a: 1 } } }).success,
    ).toBe(false);
    expect(
      organizationCreateSchema.safeParse({ ...team, metadata: { city: 'Lisbon', seats: 4 } })
        .success,
    ).toBe(true);
    expect(organizationUpdateSchema.safeParse({ data: { slug: 'a'.repeat(49) } }).success).toBe(
      false,
    );
    expect(organizationUpdateSchema.safeParse({ data: { name: 'New' } }).success).toBe(true);
    expect(organizationRoleSchema.safeParse(['admin', 'member']).success).toBe(true);
    expect(organizationRoleSchema.safeParse('emperor').error?.issues[0]?.message).toBe(
      MESSAGES.organization.invalidRole,
    );
  });
});
