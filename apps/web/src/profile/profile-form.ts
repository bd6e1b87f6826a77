import { displayNameSchema, usernameSchema, type ProfileUpdate } from '@storyloom/core';
import { z } from 'zod';

export const profileFormSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema,
  /** A picture uploaded to this server ('' for none); set by the picture button, not typed. */
  avatarUrl: z.string().trim(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

interface ProfileValues {
  username: string | null;
  displayName: string;
  avatarUrl: string | null;
}

/** The form's starting values for a profile. */
export function profileFormValues(profile: ProfileValues): ProfileForm {
  return {
    username: profile.username ?? '',
    displayName: profile.displayName,
    avatarUrl: profile.avatarUrl ?? '',
  };
}

/** The PATCH body: only the fields that changed; a cleared avatar URL becomes null. */
export function profileUpdate(before: ProfileValues, form: ProfileForm): ProfileUpdate {
  const update: ProfileUpdate = {};
  if (form.username !== (before.username ?? '')) update.username = form.username;
  if (form.displayName !== before.displayName) update.displayName = form.displayName;
  const avatarUrl = form.avatarUrl === '' ? null : form.avatarUrl;
  if (avatarUrl !== before.avatarUrl) update.avatarUrl = avatarUrl;
  return update;
}
