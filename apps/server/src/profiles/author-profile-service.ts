import { eq, sql } from 'drizzle-orm';
import type { AuthorProfileResponse } from '@storyloom/core';
import type { Db } from '../db/client.js';
import { member, user } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { StoryRepository } from '../stories/story-repository.js';

/**
 * Public author profiles (/@{username}, spec 1 §2): the author's name and avatar with their
 * published stories. Team profiles are not linkable (spec 1 §6): they answer 404, like
 * usernames nobody has, so the two cannot be told apart.
 */
export class AuthorProfileService {
  constructor(
    private readonly db: Db,
    private readonly stories: StoryRepository,
  ) {}

  async profile(username: string, cursor?: string): Promise<AuthorProfileResponse> {
    const [author] = await this.db
      .select({
        id: user.id,
        displayName: user.name,
        username: user.username,
        avatarUrl: user.image,
        isTeam: sql<boolean>`exists (select 1 from ${member} m where m.user_id = ${user}.id)`,
      })
      .from(user)
      .where(eq(user.username, username.trim().toLowerCase()));
    if (!author || !author.username || Boolean(author.isTeam)) throw notFound('Profile');
    const page = await this.stories.listPublished(undefined, cursor, author.id);
    return {
      profile: {
        displayName: author.displayName,
        username: author.username,
        avatarUrl: author.avatarUrl,
      },
      ...page,
    };
  }
}
