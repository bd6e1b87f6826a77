import { z } from 'zod';
import { MESSAGES } from './messages';

/** The signed-in user (spec 1 §3). */
export const currentUserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  displayName: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A public author profile (/@{username}). Team profiles are not linkable. */
export const profileSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  displayName: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isTeam: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;
export const USERNAME_LIMITS = { min: 3, max: 30 } as const;
export const DISPLAY_NAME_LIMITS = { min: 1, max: 60 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Usernames are trimmed and lower-cased, then must be 3–30 characters of [a-z0-9_]. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, { message: MESSAGES.user.usernameFormat });

export const displayNameSchema = z
  .string()
  .trim()
  .min(DISPLAY_NAME_LIMITS.min, { message: MESSAGES.user.displayNameRequired })
  .max(DISPLAY_NAME_LIMITS.max, { message: MESSAGES.user.displayNameTooLong });

export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ message: MESSAGES.user.invalidEmail }));

/** Profile update; at least one field. */
export const profileUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    displayName: displayNameSchema.optional(),
    avatarUrl: z.string().min(1).max(2048).nullable().optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: MESSAGES.user.emptyUpdate,
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, { message: MESSAGES.user.passwordTooShort })
    .max(PASSWORD_MAX),
  displayName: displayNameSchema,
  username: usernameSchema,
});
export type SignUp = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type SignIn = z.infer<typeof signInSchema>;

/** Where a signed-out user is sent (spec 1 §2). */
export function signInPath(callbackUrl: string): string {
  return `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

/** Profile link of an author, or null for team profiles and authors without a username. */
export function profilePath(profile: {
  username: string | null;
  is_team?: boolean;
  isTeam?: boolean;
}): string | null {
  if (profile.is_team || profile.isTeam || !profile.username) return null;
  return `/@${profile.username}`;
}
