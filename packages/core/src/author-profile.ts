import { z } from 'zod';
import { storySchema } from './story';

/** The public face of an author (/@{username}): never their email. */
export const authorProfileSchema = z.object({
  displayName: z.string(),
  username: z.string().min(1),
  avatarUrl: z.string().nullable(),
});

/** GET /api/profiles/{username}?cursor= query. */
export const authorProfileQuerySchema = z.object({
  cursor: z.string().min(1).optional(),
});

/**
 * GET /api/profiles/{username}: the author and a page of their published stories, newest
 * first. Team profiles are not linkable (spec 1 §6) and answer 404 like unknown usernames.
 */
export const authorProfileResponseSchema = z.object({
  profile: authorProfileSchema,
  stories: z.array(storySchema),
  nextCursor: z.string().nullable(),
});
export type AuthorProfileResponse = z.infer<typeof authorProfileResponseSchema>;

/** The API path of an author's public profile. */
export function authorProfileApiPath(username: string): string {
  return `/api/profiles/${encodeURIComponent(username)}`;
}
