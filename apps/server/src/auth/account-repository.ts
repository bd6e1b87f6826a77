import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { member, user } from '../db/schema.js';

/** The account queries of the auth routes (better-auth owns the rest of its tables). */
export class AccountRepository {
  constructor(private readonly database: Database) {}

  /** The id of the user with this email (lower case, as better-auth keeps it), or null. */
  async idByEmail(email: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));
    return row?.id ?? null;
  }

  /** The id of the user with this username (lower case, as better-auth keeps it), or null. */
  async idByUsername(username: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.username, username));
    return row?.id ?? null;
  }

  async updateProfile(
    userId: string,
    change: { username?: string; displayName?: string; avatarUrl?: string | null },
  ): Promise<void> {
    const { username, displayName, avatarUrl } = change;
    await this.database.db
      .update(user)
      .set({
        ...(username ? { username, displayUsername: username } : {}),
        ...(displayName ? { name: displayName } : {}),
        ...(avatarUrl !== undefined ? { image: avatarUrl } : {}),
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
  }

  async profile(userId: string) {
    const [row] = await this.database.db
      .select({
        id: user.id,
        email: user.email,
        displayName: user.name,
        username: user.username,
        avatarUrl: user.image,
        isTeam: sql<boolean>`exists (select 1 from ${member} m where m.user_id = ${user}.id)`,
      })
      .from(user)
      .where(eq(user.id, userId));
    return row ? { ...row, isTeam: Boolean(row.isTeam) } : null;
  }
}
