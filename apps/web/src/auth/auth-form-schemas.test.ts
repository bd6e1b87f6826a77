import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@storyloom/core';
import { signInFormSchema, signUpFormSchema } from './auth-form-schemas';

const validSignUp = {
  displayName: 'Ada Lovelace',
  username: 'ada_l',
  email: 'ada@example.com',
  password: 'correct horse',
};

describe('signUpFormSchema', () => {
  it('accepts a complete form and trims text fields', () => {
    const parsed = signUpFormSchema.parse({
      ...validSignUp,
      displayName: '  Ada  ',
      email: ' ada@example.com ',
    });
    expect(parsed.displayName).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
  });

  it('names the field that is wrong', () => {
    const result = signUpFormSchema.safeParse({ ...validSignUp, password: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['password']);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });

  it('rejects a bad email', () => {
    const result = signUpFormSchema.safeParse({ ...validSignUp, email: 'ada' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it('requires a display name of at most 60 characters', () => {
    expect(signUpFormSchema.safeParse({ ...validSignUp, displayName: ' ' }).success).toBe(false);
    expect(
      signUpFormSchema.safeParse({ ...validSignUp, displayName: 'a'.repeat(61) }).success,
    ).toBe(false);
  });
});

describe('usernameSchema', () => {
  it('allows lower-case letters, digits and underscores', () => {
    expect(usernameSchema.safeParse('ada_l2').success).toBe(true);
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });

  it('lower-cases', () => {
    expect(usernameSchema.parse(' Ada ')).toBe('ada');
  });

  it('rejects spaces, symbols and bad lengths with the server message', () => {
    for (const name of ['ad', 'a'.repeat(31), 'ada l', 'ada@x', '@ada', 'ada.l']) {
      const result = usernameSchema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Username must be 3 to 30 characters: lower-case letters, digits or _',
      );
    }
  });
});

describe('signInFormSchema', () => {
  it('requires both fields', () => {
    const result = signInFormSchema.safeParse({ email: 'a@b.co', password: '' });
    expect(result.error?.issues[0]?.message).toBe('Please enter your password');
    expect(signInFormSchema.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(signInFormSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});
