import {
  currentUserSchema,
  profileSchema,
  type CurrentUser,
  type Profile,
  type ProfileUpdate,
} from '@storyloom/core';
import { requestJson } from './api-client';
import { ApiError } from './api-error';

/** GET /api/me: the signed-in user, or null when signed out (401). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await requestJson('/api/me', currentUserSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** GET /api/profile: the signed-in user's profile (username, avatar, team flag). */
export function fetchProfile(): Promise<Profile> {
  return requestJson('/api/profile', profileSchema);
}

/** PATCH /api/profile with the changed fields. */
export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return requestJson('/api/profile', profileSchema, { method: 'PATCH', body: { ...update } });
}
