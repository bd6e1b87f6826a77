import { and, eq, inArray, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mediaBlobs, stories, user } from '../db/schema.js';

export type MediaKind = 'upload' | 'avatar' | 'generated' | 'export' | 'thumbnail';

export type MediaBlob = typeof mediaBlobs.$inferSelect;

/** Kinds that count against a user's storage quota: what they uploaded themselves. */
const UPLOAD_KINDS: MediaKind[] = ['upload', 'avatar'];

/**
 * Who each stored file belongs to (the repository behind media privacy and storage quotas).
 * Every place that stores a file records it here with its owner and, for a story's media, the
 * story; `/media/*` asks it who may read a file.
 */
export class MediaRegistry {
  constructor(private readonly database: Database) {}

  async record(blob: {
    key: string;
    userId: string | null;
    storyId?: string | null | undefined;
    kind: MediaKind;
    bytes: number;
  }): Promise<void> {
    const row = { ...blob, storyId: blob.storyId ?? null };
    await this.database.db
      .insert(mediaBlobs)
      .values(row)
      .onConflictDoUpdate({
        target: mediaBlobs.key,
        set: { userId: row.userId, storyId: row.storyId, kind: row.kind, bytes: row.bytes },
      });
  }

  async find(key: string): Promise<MediaBlob | undefined> {
    const [row] = await this.database.db.select().from(mediaBlobs).where(eq(mediaBlobs.key, key));
    return row ?? this.adopt(key);
  }

  /**
   * The file under `key` when the user may use it as input (in a story, a generation, a caption
   * detection): they stored it, or it belongs to one of their stories or to an example story
   * (whose copies keep its files). Undefined otherwise.
   */
  async usableBy(key: string | null, userId: string | null): Promise<MediaBlob | undefined> {
    const blob = key ? await this.find(key) : undefined;
    if (!blob) return undefined;
    if (userId !== null && blob.userId === userId) return blob;
    if (blob.storyId === null) return undefined;
    const [story] = await this.database.db
      .select({ userId: stories.userId, isTemplate: stories.isTemplate })
      .from(stories)
      .where(eq(stories.id, blob.storyId));
    return story && ((userId !== null && story.userId === userId) || story.isTemplate)
      ? blob
      : undefined;
  }

  /** Bytes a user's own uploads take. */
  async uploadedBytes(userId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ bytes: sum(mediaBlobs.bytes) })
      .from(mediaBlobs)
      .where(and(eq(mediaBlobs.userId, userId), inArray(mediaBlobs.kind, UPLOAD_KINDS)));
    return Number(row?.bytes ?? 0);
  }

  /** An upload of the user's becomes part of a story (e.g. its chosen thumbnail). */
  async attachToStory(key: string, userId: string, storyId: string): Promise<void> {
    await this.database.db
      .update(mediaBlobs)
      .set({ storyId })
      .where(and(eq(mediaBlobs.key, key), eq(mediaBlobs.userId, userId), sql`story_id is null`));
  }

  /** An upload of the user's becomes their avatar, which everyone may see. */
  async markAvatar(key: string, userId: string): Promise<void> {
    await this.database.db
      .update(mediaBlobs)
      .set({ kind: 'avatar' })
      .where(and(eq(mediaBlobs.key, key), eq(mediaBlobs.userId, userId)));
  }

  /**
   * A file stored before files were recorded: it belongs to the story or user that refers to it,
   * if any (found once, then recorded). Files nobody refers to stay unreadable.
   */
  private async adopt(key: string): Promise<MediaBlob | undefined> {
    const path = `/media/${key}`;
    const { db } = this.database;
    const [story] = await db
      .select({ id: stories.id, userId: stories.userId })
      .from(stories)
      .where(
        or(
          sql`position(${path} in coalesce(${stories.lastExportUrl}, '')) > 0`,
          sql`position(${path} in coalesce(${stories.lastExportThumbnailUrl}, '')) > 0`,
          sql`position(${path} in coalesce(${stories.storyboard}::text, '')) > 0`,
          sql`position(${path} in coalesce(${stories.videoEditorTimeline}::text, '')) > 0`,
        ),
      )
      .limit(1);
    if (story) {
      await this.record({
        key,
        userId: story.userId,
        storyId: story.id,
        kind: 'generated',
        bytes: 0,
      });
      return this.findRecorded(key);
    }
    const [owner] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`position(${path} in coalesce(${user.image}, '')) > 0`)
      .limit(1);
    if (owner) {
      await this.record({ key, userId: owner.id, kind: 'avatar', bytes: 0 });
      return this.findRecorded(key);
    }
    return undefined;
  }

  private async findRecorded(key: string): Promise<MediaBlob | undefined> {
    const [row] = await this.database.db.select().from(mediaBlobs).where(eq(mediaBlobs.key, key));
    return row;
  }
}
