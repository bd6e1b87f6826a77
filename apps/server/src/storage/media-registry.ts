import { and, eq, inArray, or, sql, sum } from 'drizzle-orm';
import { MESSAGES } from '@storyloom/core';
import type { Database } from '../db/client.js';
import { mediaBlobs, stories, user } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { blobKeyOfUrl } from './media-files.js';

/**
 * `builtin`: content the product offers every user (the premade characters' pictures); it
 * belongs to nobody and anyone may use it.
 */
export type MediaKind = 'upload' | 'avatar' | 'generated' | 'export' | 'thumbnail' | 'builtin';

export type MediaBlob = typeof mediaBlobs.$inferSelect;

/** Kinds that count against a user's storage quota: what they uploaded themselves. */
const UPLOAD_KINDS: MediaKind[] = ['upload', 'avatar'];

/** Keys looked up in one query. */
const KEYS_PER_QUERY = 500;
/** How deep a request or a stored story is searched for media URLs (a timeline nests ~6). */
const SEARCH_DEPTH_MAX = 24;
/** Most media URLs one search checks (a timeline holds far fewer; past it, all is refused). */
const SEARCHED_URLS_MAX = 20_000;
/** Unrecorded files one check may adopt; past it, an unknown file is not usable. */
const ADOPTIONS_PER_CALL = 20;

/** A media URL found in a request or a story, and where: `video_editor_timeline.mediaAssets.3.url`. */
export interface NamedMedia {
  place: string;
  key: string;
}

/**
 * Who each stored file belongs to (the repository behind media privacy and storage quotas).
 * Every place that stores a file records it here with its owner and, for a story's media, the
 * story; `/media/*` asks it who may read a file.
 */
export class MediaRegistry {
  constructor(
    private readonly database: Database,
    /** The server's public address: `{publicUrl}/media/{key}` names a file as `/media/{key}` does. */
    private readonly publicUrl: string,
  ) {}

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
    const storyOwners = await this.storyOwners(blob.storyId === null ? [] : [blob.storyId]);
    return admits(blob, userId, storyOwners) ? blob : undefined;
  }

  /** The keys among `keys` the user may use, by the rule of `usableBy` (a few queries for all). */
  async usableKeys(keys: Iterable<string>, userId: string | null): Promise<Set<string>> {
    const wanted = [...new Set(keys)];
    const blobs = new Map<string, MediaBlob>();
    for (let i = 0; i < wanted.length; i += KEYS_PER_QUERY) {
      const rows = await this.database.db
        .select()
        .from(mediaBlobs)
        .where(inArray(mediaBlobs.key, wanted.slice(i, i + KEYS_PER_QUERY)));
      for (const row of rows) blobs.set(row.key, row);
    }
    const storyIds = [...blobs.values()].flatMap((b) => (b.storyId === null ? [] : [b.storyId]));
    const storyOwners = await this.storyOwners(storyIds);
    const usable = new Set<string>();
    let adoptions = 0;
    for (const key of wanted) {
      const blob = blobs.get(key);
      // A file stored before files were recorded is adopted (or not) one by one, a few per
      // call: each search reads every story, and unknown keys cost a caller nothing to send.
      const admitted = blob
        ? admits(blob, userId, storyOwners)
        : adoptions++ < ADOPTIONS_PER_CALL && Boolean(await this.usableBy(key, userId));
      if (admitted) usable.add(key);
    }
    return usable;
  }

  /**
   * Every media URL of this server that `value` names (at any depth: a request body, shots, a
   * timeline), with where it is. Text that is not one of our media URLs names no file.
   */
  namedMedia(value: unknown, place = ''): NamedMedia[] {
    const found: NamedMedia[] = [];
    const visit = (node: unknown, at: string, depth: number) => {
      if (found.length > SEARCHED_URLS_MAX)
        throw new HttpError(400, 'TOO_MANY_MEDIA', MESSAGES.media.tooManyNamed);
      if (typeof node === 'string') {
        const key = node.includes('/media/') ? blobKeyOfUrl(node, this.publicUrl) : null;
        if (key) found.push({ place: at, key });
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      if (depth >= SEARCH_DEPTH_MAX) throw new HttpError(400, 'TOO_DEEP', MESSAGES.media.tooDeep);
      const entries = Array.isArray(node)
        ? node.map((child, index): [string, unknown] => [String(index), child])
        : Object.entries(node);
      for (const [name, child] of entries)
        visit(child, at ? `${at}.${name}` : String(name), depth + 1);
    };
    visit(value, place, 0);
    return found;
  }

  /**
   * The one ownership rule at an entry that names media: every media URL of this server found
   * in `value` must be one the user may use (`usableBy`), else the whole request is refused
   * with 400. The refusal names where the request put such URLs, and nothing about the files
   * (a file of someone else's and a file that does not exist are refused alike).
   */
  async assertUsable(value: unknown, userId: string, place = ''): Promise<void> {
    const named = this.namedMedia(value, place);
    if (named.length === 0) return;
    const usable = await this.usableKeys(
      named.map((n) => n.key),
      userId,
    );
    const refused = named.filter((n) => !usable.has(n.key)).map((n) => n.place || 'url');
    if (refused.length > 0)
      throw new HttpError(400, 'NOT_YOUR_MEDIA', MESSAGES.media.notUsable(refused));
  }

  /** Built-in content: stored once for every user, usable by anyone. */
  async recordBuiltIn(key: string, bytes: number): Promise<void> {
    await this.record({ key, userId: null, storyId: null, kind: 'builtin', bytes });
  }

  private async storyOwners(
    ids: readonly string[],
  ): Promise<Map<string, { userId: string; isTemplate: boolean }>> {
    const owners = new Map<string, { userId: string; isTemplate: boolean }>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += KEYS_PER_QUERY) {
      const rows = await this.database.db
        .select({ id: stories.id, userId: stories.userId, isTemplate: stories.isTemplate })
        .from(stories)
        .where(inArray(stories.id, unique.slice(i, i + KEYS_PER_QUERY)));
      for (const row of rows) owners.set(row.id, row);
    }
    return owners;
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

/**
 * The ownership rule: a file is usable by the user who stored it, by the owner of the story it
 * belongs to, by everyone when it belongs to an example story (whose copies keep its files) or
 * is built-in content.
 */
function admits(
  blob: MediaBlob,
  userId: string | null,
  storyOwners: ReadonlyMap<string, { userId: string; isTemplate: boolean }>,
): boolean {
  if (blob.kind === 'builtin') return true;
  if (userId !== null && blob.userId === userId) return true;
  const story = blob.storyId === null ? undefined : storyOwners.get(blob.storyId);
  return Boolean(story && ((userId !== null && story.userId === userId) || story.isTemplate));
}
