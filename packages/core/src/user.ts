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

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** Bounds of a team's (organization's) fields (ours; the spec shows no team forms). */
export const ORGANIZATION_LIMITS = {
  nameMax: 60,
  slugMin: 3,
  slugMax: 48,
  logoUrlMax: 2048,
  metadataKeys: 20,
  metadataKeyMax: 60,
  metadataValueMax: 500,
  idMax: 100,
} as const;

/** A team address: lower-case letters and digits in words joined by single hyphens. */
export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, { message: MESSAGES.organization.nameRequired })
  .max(ORGANIZATION_LIMITS.nameMax, { message: MESSAGES.organization.nameTooLong });

export const organizationSlugSchema = z
  .string()
  .min(ORGANIZATION_LIMITS.slugMin, { message: MESSAGES.organization.slugFormat })
  .max(ORGANIZATION_LIMITS.slugMax, { message: MESSAGES.organization.slugFormat })
  .regex(ORGANIZATION_SLUG_PATTERN, { message: MESSAGES.organization.slugFormat });

/** A logo's address (the server also requires it to be one of its own media files). */
export const organizationLogoSchema = z.string().min(1).max(ORGANIZATION_LIMITS.logoUrlMax);

/** Free-form team details: a few short keys with short plain values. */
export const organizationMetadataSchema = z
  .record(
    z.string().max(ORGANIZATION_LIMITS.metadataKeyMax, {
      message: MESSAGES.organization.metadataTooLarge,
    }),
    z.union([
      z.string().max(ORGANIZATION_LIMITS.metadataValueMax, {
        message: MESSAGES.organization.metadataTooLarge,
      }),
      z.number(),
      z.boolean(),
      z.null(),
    ]),
  )
  .refine((metadata) => Object.keys(metadata).length <= ORGANIZATION_LIMITS.metadataKeys, {
    message: MESSAGES.organization.metadataTooLarge,
  });

const organizationIdSchema = z.string().min(1).max(ORGANIZATION_LIMITS.idMax);

/** A member's role in a team, one or several (better-auth's default roles). */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
const roleSchema = z.enum(ORGANIZATION_ROLES, { message: MESSAGES.organization.invalidRole });
export const organizationRoleSchema = z.union(
  [roleSchema, z.array(roleSchema).min(1).max(ORGANIZATION_ROLES.length)],
  { message: MESSAGES.organization.invalidRole },
);

/** The fields a team is made or changed with. */
const organizationFields = {
  name: organizationNameSchema,
  slug: organizationSlugSchema,
  logo: organizationLogoSchema.nullable().optional(),
  metadata: organizationMetadataSchema.nullable().optional(),
};

/** POST /api/auth/organization/create (other keys are better-auth's own and pass through). */
export const organizationCreateSchema = z.looseObject({
  ...organizationFields,
  keepCurrentActiveOrganization: z.boolean().optional(),
});

/** The changes of POST /api/auth/organization/update. */
export const organizationUpdateDataSchema = z.looseObject({
  name: organizationFields.name.optional(),
  slug: organizationFields.slug.optional(),
  logo: organizationFields.logo,
  metadata: organizationFields.metadata,
});

/** POST /api/auth/organization/update */
export const organizationUpdateSchema = z.looseObject({
  data: organizationUpdateDataSchema,
  organizationId: organizationIdSchema.optional(),
});

/** POST /api/auth/organization/check-slug */
export const organizationCheckSlugSchema = z.looseObject({ slug: organizationSlugSchema });

/** POST /api/auth/organization/invite-member */
export const organizationInviteSchema = z.looseObject({
  email: emailSchema.pipe(z.string().max(254)),
  role: organizationRoleSchema,
  organizationId: organizationIdSchema.optional(),
  resend: z.boolean().optional(),
  teamId: organizationIdSchema.optional(),
});

/** POST /api/auth/organization/update-member-role */
export const organizationMemberRoleSchema = z.looseObject({
  role: organizationRoleSchema,
  memberId: organizationIdSchema,
  organizationId: organizationIdSchema.optional(),
});

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
