import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RANKING, type Story } from '@storyloom/core';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { member, playSessions, stories, storyEvents, user } from '../db/schema.js';

export type StoryRow = typeof stories.$inferSelect;
export type NewStory = Omit<typeof stories.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const PAGE_SIZE = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The author fields every story carries on the wire. */
const profileColumns = {
  displayName: user.name,
  username: user.username,
  avatarUrl: user.image,
  isTeam: sql<boolean>`exists (select 1 from ${member} m where m.user_id = ${stories}.user_id)`,
};

type ProfileColumns = {
  displayName: string;
  username: string | null;
  avatarUrl: string | null;
  isTeam: boolean;
};

export function toStory(row: StoryRow & ProfileColumns): Story {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    category_id: row.categoryId as Story['category_id'],
    category_inputs: row.categoryInputs,
    status: row.status as Story['status'],
    workflow_run_id: row.workflowRunId,
    is_template: row.isTemplate,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    is_public: row.isPublic,
    is_preview: row.isPreview,
    is_thumbnail_modified: row.isThumbnailModified,
    is_export_outdated: row.isExportOutdated,
    paused_at: iso(row.pausedAt),
    resumed_at: iso(row.resumedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
    last_export_url: row.lastExportUrl,
    last_export_thumbnail_url: row.lastExportThumbnailUrl,
    original_thumbnail_url: row.originalThumbnailUrl,
    contests: row.contests,
    metadata: row.metadata,
    video_type: row.videoType,
    music_duration: row.musicDuration,
    num_shots: row.numShots,
    music_url: row.musicUrl,
    skip_video_generation: row.skipVideoGeneration,
    video_consistent_style: row.videoConsistentStyle,
    advanced_settings: row.advancedSettings ?? {},
    storyboard: row.storyboard,
    video_editor_timeline: row.videoEditorTimeline,
    version: row.version,
    profile: {
      display_name: row.displayName,
      username: row.username,
      avatar_url: row.avatarUrl,
      is_team: Boolean(row.isTeam),
    },
  } as Story;
}

/** Keyset cursor: the sort time and id of the last story of a page. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at)))
      return undefined;
    return { at: new Date(at), id };
  } catch {
    return undefined;
  }
}

interface RankCursor {
  asOf: Date;
  featured: 0 | 1;
  score: number;
  id: string;
}

function encodeRankCursor(c: RankCursor): string {
  return Buffer.from(
    JSON.stringify(['rank', c.asOf.toISOString(), c.featured, c.score, c.id]),
  ).toString('base64url');
}

function decodeRankCursor(cursor: string | undefined): RankCursor | undefined {
  if (!cursor) return undefined;
  try {
    const [tag, asOf, featured, score, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString(),
    ) as unknown[];
    if (tag !== 'rank' || typeof asOf !== 'string' || Number.isNaN(Date.parse(asOf)))
      return undefined;
    if ((featured !== 0 && featured !== 1) || typeof score !== 'number' || typeof id !== 'string') {
      return undefined;
    }
    return { asOf: new Date(asOf), featured, score, id };
  } catch {
    return undefined;
  }
}

/** core's `recommendationScore` in SQL, over the story's recorded engagement. */
function rankingScore(asOf: Date): SQL<number> {
  const count = (kind: string) =>
    sql`(select count(*) from ${storyEvents} e where e.story_id = ${stories}.id and e.kind = ${kind})`;
  const played = sql`(select coalesce(sum(p.portion), 0) from ${playSessions} p where p.story_id = ${stories}.id and p.user_id is distinct from ${stories}.user_id)`;
  // The weights are our constants, written into the SQL as numbers.
  const k = (n: number) => sql.raw(String(n));
  const engagement = sql`(1 + ${k(RANKING.viewWeight)} * ${count('view')} + ${k(RANKING.downloadWeight)} * ${count('download')} + ${k(RANKING.createClickWeight)} * ${count('create_click')} + ${k(RANKING.playWeight)} * ${played})::float8`;
  const ageHours = sql`greatest(extract(epoch from (${asOf.toISOString()}::timestamptz - ${stories}.published_at)) / 3600, 0)`;
  return sql<number>`(${engagement} / power(${ageHours} + ${k(RANKING.ageOffsetHours)}, ${k(RANKING.gravity)}))`;
}

type RankedPage = { stories: Story[]; nextCursor: string | null };

/**
 * The community feed's first pages (one per category), kept for a few seconds: under load every
 * visitor asks for the same first page, and its ranking query reads every published story's
 * engagement. Concurrent misses share one query. Publishing, unpublishing and any other story
 * write empty it (see `invalidateCommunityFeed`), as does recorded engagement; otherwise the
 * ranking it shows is at most FEED_CACHE_MS old.
 */
export const FEED_CACHE_MS = 3000;
const FEED_CACHE_KEYS = 64;
type FeedCache = Map<string, { at: number; page: Promise<RankedPage> }>;
const feedCaches = new WeakMap<Db, FeedCache>();

/** Forgets the cached first pages of the community feed of a database. */
export function invalidateCommunityFeed(db: Db): void {
  feedCaches.get(db)?.clear();
}

export class StoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * An edit of a story's content: `changes` stored with the version bumped and the export
   * marked outdated, in one UPDATE. With `baseVersion`, only while the story (not deleted) is
   * still at that version, so of two concurrent writes based on the same version only one
   * wins. Returns the new version, or null when no story was written.
   */
  async touch(
    id: string,
    options: { changes?: Partial<NewStory>; baseVersion?: number } = {},
  ): Promise<number | null> {
    const where =
      options.baseVersion === undefined
        ? eq(stories.id, id)
        : and(
            eq(stories.id, id),
            eq(stories.version, options.baseVersion),
            isNull(stories.deletedAt),
          );
    const [row] = await this.db
      .update(stories)
      .set({
        ...options.changes,
        version: sql`${stories.version} + 1`,
        isExportOutdated: true,
        updatedAt: new Date(),
      })
      .where(where)
      .returning({ version: stories.version });
    return row?.version ?? null;
  }

  private select() {
    return this.db
      .select({ story: stories, ...profileColumns })
      .from(stories)
      .innerJoin(user, eq(user.id, stories.userId));
  }

  private async page(where: SQL | undefined, sortBy: 'created' | 'published', cursor?: string) {
    const sortColumn = sortBy === 'published' ? stories.publishedAt : stories.createdAt;
    const after = decodeCursor(cursor);
    const keyset = after
      ? or(
          sql`${sortColumn} < ${after.at}`,
          and(sql`${sortColumn} = ${after.at}`, sql`${stories.id} < ${after.id}`),
        )
      : undefined;
    const rows = await this.select()
      .where(and(where, keyset))
      .orderBy(desc(sortColumn), desc(stories.id))
      .limit(PAGE_SIZE + 1);
    const pageRows = rows.slice(0, PAGE_SIZE);
    const last = pageRows.at(-1);
    const lastAt = last
      ? sortBy === 'published'
        ? last.story.publishedAt
        : last.story.createdAt
      : null;
    return {
      stories: pageRows.map((r) => toStory({ ...r.story, ...r })),
      nextCursor:
        rows.length > PAGE_SIZE && last && lastAt ? encodeCursor(lastAt, last.story.id) : null,
    };
  }

  /** Users whose stories a user sees as their own: themselves and their team mates. */
  async teamUserIds(userId: string): Promise<string[]> {
    const mate = alias(member, 'mate');
    const rows = await this.db
      .selectDistinct({ userId: mate.userId })
      .from(member)
      .innerJoin(mate, eq(mate.organizationId, member.organizationId))
      .where(eq(member.userId, userId));
    const ids = new Set([userId, ...rows.map((r) => r.userId)]);
    return [...ids];
  }

  /**
   * A user's library: their own and their team's stories, plus the example stories they have
   * not yet copied (a copy, made to edit or to delete an example, replaces it in the list).
   * One query: the team is a subquery, not a round trip of its own.
   */
  async listLibrary(userId: string, cursor?: string) {
    const notCopied = sql`not exists (select 1 from ${stories} c where c.user_id = ${userId} and c.source_template_id = ${stories}.id)`;
    const team = sql`(select mate.user_id from ${member} mine join ${member} mate on mate.organization_id = mine.organization_id where mine.user_id = ${userId})`;
    return this.page(
      and(
        isNull(stories.deletedAt),
        or(
          and(
            or(eq(stories.userId, userId), sql`${stories.userId} in ${team}`),
            eq(stories.isTemplate, false),
          ),
          and(eq(stories.isTemplate, true), notCopied),
        ),
      ),
      'created',
      cursor,
    );
  }

  /** Published stories, newest first; of one category and/or one author when asked. */
  async listPublished(categoryId: string | undefined, cursor?: string, authorId?: string) {
    return this.page(
      and(
        eq(stories.isPublished, true),
        isNull(stories.deletedAt),
        categoryId ? eq(stories.categoryId, categoryId) : undefined,
        authorId ? eq(stories.userId, authorId) : undefined,
      ),
      'published',
      cursor,
    );
  }

  /**
   * The community feed (issue 5 part 10): featured stories first, then by the recommendation
   * score of core's `recommendationScore`, computed as of the first page's time (kept in the
   * cursor) so that paging is stable.
   */
  async listRanked(categoryId: string | undefined, cursor?: string): Promise<RankedPage> {
    if (cursor) return this.rankedPage(categoryId, cursor);
    let cache = feedCaches.get(this.db);
    if (!cache) feedCaches.set(this.db, (cache = new Map() as FeedCache));
    const key = categoryId ?? '';
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < FEED_CACHE_MS) return hit.page;
    if (cache.size >= FEED_CACHE_KEYS) cache.clear();
    const page = this.rankedPage(categoryId, undefined);
    const entry = { at: now, page };
    cache.set(key, entry);
    // A failed query is not kept: the next request tries again.
    page.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return page;
  }

  private async rankedPage(categoryId: string | undefined, cursor?: string): Promise<RankedPage> {
    const after = decodeRankCursor(cursor);
    const asOf = after?.asOf ?? new Date();
    const score = rankingScore(asOf);
    const keyset = after
      ? sql`(${stories.isFeatured}::int, ${score}, ${stories.id}) < (${after.featured}::int, ${after.score}::float8, ${after.id})`
      : undefined;
    const rows = await this.db
      .select({ story: stories, ...profileColumns, score })
      .from(stories)
      .innerJoin(user, eq(user.id, stories.userId))
      .where(
        and(
          eq(stories.isPublished, true),
          isNull(stories.deletedAt),
          categoryId ? eq(stories.categoryId, categoryId) : undefined,
          keyset,
        ),
      )
      .orderBy(desc(stories.isFeatured), desc(score), desc(stories.id))
      .limit(PAGE_SIZE + 1);
    const pageRows = rows.slice(0, PAGE_SIZE);
    const last = pageRows.at(-1);
    return {
      stories: pageRows.map((r) => toStory({ ...r.story, ...r })),
      nextCursor:
        rows.length > PAGE_SIZE && last
          ? encodeRankCursor({
              asOf,
              featured: last.story.isFeatured ? 1 : 0,
              score: Number(last.score),
              id: last.story.id,
            })
          : null,
    };
  }

  async findById(id: string): Promise<(StoryRow & ProfileColumns) | undefined> {
    const [row] = await this.select().where(and(eq(stories.id, id), isNull(stories.deletedAt)));
    return row ? { ...row.story, ...row } : undefined;
  }

  async findByIdIncludingDeleted(id: string): Promise<(StoryRow & ProfileColumns) | undefined> {
    const [row] = await this.select().where(eq(stories.id, id));
    return row ? { ...row.story, ...row } : undefined;
  }

  async insert(values: NewStory): Promise<StoryRow> {
    const [row] = await this.db
      .insert(stories)
      .values({ ...values, id: randomUUID() })
      .returning();
    invalidateCommunityFeed(this.db);
    return row!;
  }

  async update(id: string, set: Partial<NewStory>): Promise<void> {
    await this.db
      .update(stories)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(stories.id, id));
    // Publishing, unpublishing, a new title or thumbnail, a deletion: the feed shows it now.
    invalidateCommunityFeed(this.db);
  }

  async findCopy(userId: string, templateId: string): Promise<StoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(stories)
      .where(and(eq(stories.userId, userId), eq(stories.sourceTemplateId, templateId)));
    return row;
  }
}
