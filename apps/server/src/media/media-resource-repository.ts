import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { stories, storyMediaResources } from '../db/schema.js';

export type MediaResourceRow = typeof storyMediaResources.$inferSelect;
export type NewMediaResource = typeof storyMediaResources.$inferInsert;

/** The story media resources table (spec 3 §7 media resource create / list / delete). */
export class MediaResourceRepository {
  constructor(private readonly database: Database) {}

  async insert(row: NewMediaResource): Promise<MediaResourceRow> {
    const [created] = await this.database.db
      .insert(storyMediaResources)
      .values(row)
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [existing] = await this.database.db
      .select()
      .from(storyMediaResources)
      .where(eq(storyMediaResources.id, row.id));
    return existing!;
  }

  /** A story's resources that are not deleted, oldest first. */
  listForStory(storyId: string, limit: number): Promise<MediaResourceRow[]> {
    return this.database.db
      .select()
      .from(storyMediaResources)
      .where(
        and(eq(storyMediaResources.storyId, storyId), eq(storyMediaResources.isDeleted, false)),
      )
      .orderBy(storyMediaResources.createdAt)
      .limit(limit);
  }

  /** Marks a story's resources deleted; answers the ids it marked. */
  async markDeleted(storyId: string, ids: readonly string[]): Promise<string[]> {
    const rows = await this.database.db
      .update(storyMediaResources)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(
        and(
          eq(storyMediaResources.storyId, storyId),
          inArray(storyMediaResources.id, [...ids]),
          eq(storyMediaResources.isDeleted, false),
        ),
      )
      .returning({ id: storyMediaResources.id });
    return rows.map((row) => row.id);
  }

  /** A user's own uploads of one kind, newest first (deleted ones too: the file stays theirs). */
  uploadsOf(userId: string, resourceType: string, limit: number): Promise<MediaResourceRow[]> {
    return this.database.db
      .select()
      .from(storyMediaResources)
      .where(
        and(
          eq(storyMediaResources.userId, userId),
          eq(storyMediaResources.source, 'user_upload'),
          eq(storyMediaResources.resourceType, resourceType),
        ),
      )
      .orderBy(desc(storyMediaResources.createdAt))
      .limit(limit);
  }

  /** The editor timelines of a user's most recently changed stories. */
  recentTimelines(
    userId: string,
    limit: number,
  ): Promise<{ id: string; timeline: Record<string, unknown> | null }[]> {
    return this.database.db
      .select({ id: stories.id, timeline: stories.videoEditorTimeline })
      .from(stories)
      .where(and(eq(stories.userId, userId), isNull(stories.deletedAt)))
      .orderBy(desc(stories.updatedAt))
      .limit(limit);
  }
}
