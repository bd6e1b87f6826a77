import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { stories } from '../db/schema.js';

/** The editor's sync write (spec 3 §7), with optimistic concurrency on the story version. */
export class StorySyncRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the storyboard and timeline if the story is still at `baseVersion`, bumping the
   * version and marking the export outdated — one conditional UPDATE, so of two concurrent
   * writes based on the same version only one can win. Returns the new version, or null when
   * the story moved on (or is gone) meanwhile.
   */
  async writeIfVersion(
    id: string,
    baseVersion: number,
    content: { storyboard: Record<string, unknown>; videoEditorTimeline: Record<string, unknown> },
  ): Promise<number | null> {
    const [row] = await this.db
      .update(stories)
      .set({
        storyboard: content.storyboard,
        videoEditorTimeline: content.videoEditorTimeline,
        version: sql`${stories.version} + 1`,
        isExportOutdated: true,
        updatedAt: new Date(),
      })
      .where(and(eq(stories.id, id), eq(stories.version, baseVersion), isNull(stories.deletedAt)))
      .returning({ version: stories.version });
    return row?.version ?? null;
  }
}
