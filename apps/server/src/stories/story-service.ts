import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  MESSAGES,
  shotMediaResources,
  storySchema,
  type ShotMediaResources,
  type ShotsMap,
  type Story,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { forbidden, HttpError, notFound, unauthorized } from '../http/errors.js';
import { communityModerationIssue, contentModerationRefusal } from './content-moderation.js';
import type { SessionUser } from '../auth/session.js';
import { toStory, type NewStory, type StoryRepository, type StoryRow } from './story-repository.js';

export interface StoryCreateInput {
  title?: string | undefined;
  category_id: string;
  category_inputs?: Record<string, unknown> | undefined;
  video_type?: string | null | undefined;
  metadata?: Record<string, unknown> | undefined;
  advanced_settings?: Record<string, unknown> | null | undefined;
  storyboard?: Record<string, unknown> | null | undefined;
  video_editor_timeline?: Record<string, unknown> | null | undefined;
}

export interface StoryPatchInput {
  title?: string | undefined;
  is_published?: boolean | undefined;
  is_public?: boolean | undefined;
  last_export_thumbnail_url?: string | null | undefined;
  is_thumbnail_modified?: boolean | undefined;
  contests?: string[] | undefined;
}

/**
 * The story a viewer may change: writes are for the owner only; a team mate or a visitor of a
 * published story may only read (403), and anyone else learns nothing (404).
 */
export async function ownedStory(
  repo: StoryRepository,
  id: string,
  viewer: SessionUser,
): Promise<StoryRow> {
  const row = await repo.findById(id);
  if (row && row.userId === viewer.id) return row;
  if (row && row.isTemplate) {
    throw forbidden('Example stories are edited or deleted through a copy', 'TEMPLATE_STORY');
  }
  if (
    row &&
    (row.isPublished || row.isPublic || (await repo.teamUserIds(viewer.id)).includes(row.userId))
  ) {
    throw forbidden("Only the story's owner can change it", 'NOT_OWNER');
  }
  throw notFound();
}

/** The JSON of the feed's cached pages, without their recommId. */
const feedJson = new WeakMap<object, string>();

/**
 * A story's wire JSON, checked against the story schema: the same story (the same JSON in)
 * is checked and written once while it stays among the last ENCODED_STORIES listed. Only
 * stories up to ENCODED_STORY_MAX_CHARS are kept, so the cache holds at most about 1000 ×
 * 2 × 64 K characters however large a story's storyboard grows.
 */
const ENCODED_STORIES = 1000;
const ENCODED_STORY_MAX_CHARS = 64_000;
const encodedStories = new Map<string, string>();
export function storyJson(story: Story): string {
  const key = JSON.stringify(story);
  if (key.length > ENCODED_STORY_MAX_CHARS) return JSON.stringify(z.encode(storySchema, story));
  let json = encodedStories.get(key);
  if (json === undefined) {
    json = JSON.stringify(z.encode(storySchema, story));
    if (encodedStories.size >= ENCODED_STORIES) {
      encodedStories.delete(encodedStories.keys().next().value!);
    }
  } else encodedStories.delete(key);
  encodedStories.set(key, json);
  return json;
}

/** A page of stories as the JSON of the list responses (`storyListResponseSchema`). */
export function storyPageJson(page: { stories: Story[]; nextCursor: string | null }): string {
  return `{"stories":[${page.stories.map(storyJson).join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** Roles and permissions of spec 1 §6 around the story repository. */
export class StoryService {
  constructor(private readonly repo: StoryRepository) {}

  library(userId: string, cursor?: string) {
    return this.repo.listLibrary(userId, cursor);
  }

  /** `library` as the JSON the route sends. */
  async libraryJson(userId: string, cursor?: string): Promise<string> {
    return storyPageJson(await this.repo.listLibrary(userId, cursor));
  }

  async published(categoryId: string | undefined, cursor?: string) {
    const page = await this.repo.listRanked(categoryId, cursor);
    // One id per listing page, so the recommendation tracker can attribute views to it.
    return { ...page, recommId: randomUUID() };
  }

  /**
   * `published` as the JSON the route sends: a cached first page is checked against the wire
   * schema and written out once, not once per request; each answer gets its own recommId.
   */
  async publishedJson(categoryId: string | undefined, cursor?: string): Promise<string> {
    const page = await this.repo.listRanked(categoryId, cursor);
    let json = feedJson.get(page);
    if (json === undefined) feedJson.set(page, (json = storyPageJson(page)));
    return `${json.slice(0, -1)},"recommId":${JSON.stringify(randomUUID())}}`;
  }

  /**
   * A story the viewer may read: their own or their team's, or anything published, public or an
   * example. Others answer 404 to signed-in users (existence is not leaked) and 401 to visitors.
   */
  async get(id: string, viewer: SessionUser | null): Promise<Story> {
    const row = await this.repo.findById(id);
    const open = row && (row.isTemplate || row.isPublished || row.isPublic);
    if (row && open) return toStory(row);
    if (!viewer) throw unauthorized();
    if (row && (await this.repo.teamUserIds(viewer.id)).includes(row.userId)) return toStory(row);
    throw notFound();
  }

  /** A shot's media resources (spec 3 §7), for the story's owner only. */
  async shotResources(
    storyId: string,
    shotId: string,
    viewer: SessionUser,
  ): Promise<ShotMediaResources> {
    const row = await this.owned(storyId, viewer);
    const shots = (row.storyboard as { shots_map?: ShotsMap } | null)?.shots_map ?? {};
    if (!Object.hasOwn(shots, shotId))
      throw new HttpError(404, 'SHOT_NOT_FOUND', MESSAGES.editor.shotNotFound(shotId));
    const timeline = row.videoEditorTimeline as VideoEditorTimeline | null;
    return shotMediaResources(timeline?.mediaAssets ?? [], shotId);
  }

  private owned(id: string, viewer: SessionUser): Promise<StoryRow> {
    return ownedStory(this.repo, id, viewer);
  }

  /** The owner's story (download-all-assets is for the owner only, spec 1 §6). */
  async ownStory(id: string, viewer: SessionUser): Promise<Story> {
    await this.owned(id, viewer);
    return this.get(id, viewer);
  }

  async create(viewer: SessionUser, input: StoryCreateInput): Promise<Story> {
    const row = await this.repo.insert({
      userId: viewer.id,
      title: input.title ?? 'Untitled',
      categoryId: input.category_id,
      categoryInputs: input.category_inputs ?? {},
      videoType: input.video_type ?? null,
      metadata: input.metadata ?? {},
      advancedSettings: input.advanced_settings ?? null,
      storyboard: input.storyboard ?? null,
      videoEditorTimeline: input.video_editor_timeline ?? null,
      status: 'draft',
    });
    return this.get(row.id, viewer);
  }

  async patch(id: string, viewer: SessionUser, input: StoryPatchInput): Promise<Story> {
    const row = await this.owned(id, viewer);
    const set: Partial<NewStory> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.contests !== undefined) set.contests = [...new Set(input.contests)];
    if (input.is_public !== undefined) set.isPublic = input.is_public;
    // What the community sees is moderated when it is published and when its title changes.
    const willBePublished = input.is_published ?? row.isPublished;
    if (willBePublished && (input.is_published === true || input.title !== undefined)) {
      if (communityModerationIssue(input.title ?? row.title)) throw contentModerationRefusal();
    }
    if (input.is_published !== undefined) {
      set.isPublished = input.is_published;
      set.publishedAt = input.is_published
        ? row.isPublished
          ? row.publishedAt
          : new Date()
        : null;
    }
    if (input.last_export_thumbnail_url !== undefined) {
      set.lastExportThumbnailUrl = input.last_export_thumbnail_url;
      set.metadata = withThumbnailHistory(
        row.metadata,
        row.lastExportThumbnailUrl,
        input.last_export_thumbnail_url,
      );
      set.isThumbnailModified = input.is_thumbnail_modified ?? true;
    } else if (input.is_thumbnail_modified !== undefined) {
      set.isThumbnailModified = input.is_thumbnail_modified;
    }
    await this.repo.update(id, set);
    return this.get(id, viewer);
  }

  async remove(id: string, viewer: SessionUser): Promise<void> {
    await this.owned(id, viewer);
    await this.repo.update(id, { deletedAt: new Date() });
  }

  /**
   * Edit or delete an example story (spec 1 §4): the user gets their own copy, which replaces the
   * example in their library. For 'delete' the copy is made already deleted, so the example
   * simply leaves their library. Repeating the call reuses the same copy.
   */
  async operateTemplate(
    viewer: SessionUser,
    templateId: string,
    operation: 'edit' | 'delete',
  ): Promise<Story> {
    const template = await this.repo.findById(templateId);
    if (!template || !template.isTemplate) throw notFound();
    const deletedAt = operation === 'delete' ? new Date() : null;
    const existing = await this.repo.findCopy(viewer.id, templateId);
    if (existing) {
      await this.repo.update(existing.id, { deletedAt });
      return toStory({ ...(await this.repo.findByIdIncludingDeleted(existing.id))! });
    }
    const copy = await this.repo.insert({
      userId: viewer.id,
      title: template.title,
      categoryId: template.categoryId,
      categoryInputs: template.categoryInputs,
      status: template.status,
      isPreview: template.isPreview,
      lastExportUrl: template.lastExportUrl,
      lastExportThumbnailUrl: template.lastExportThumbnailUrl,
      originalThumbnailUrl: template.originalThumbnailUrl,
      isExportOutdated: template.isExportOutdated,
      metadata: template.metadata,
      videoType: template.videoType,
      musicDuration: template.musicDuration,
      numShots: template.numShots,
      musicUrl: template.musicUrl,
      skipVideoGeneration: template.skipVideoGeneration,
      videoConsistentStyle: template.videoConsistentStyle,
      advancedSettings: template.advancedSettings,
      storyboard: template.storyboard,
      videoEditorTimeline: template.videoEditorTimeline,
      sourceTemplateId: template.id,
      deletedAt,
    });
    return toStory((await this.repo.findByIdIncludingDeleted(copy.id))!);
  }
}

/** Ours: the story's earlier thumbnails, newest first, for 'pick from history' (spec 1 §2). */
export const THUMBNAIL_HISTORY_MAX = 10;

/**
 * Metadata with `thumbnail_history` updated for a thumbnail change: the replaced thumbnail
 * goes first, the new one leaves the list, duplicates are dropped, at most 10 are kept.
 */
export function withThumbnailHistory(
  metadata: Record<string, unknown>,
  previous: string | null,
  next: string | null,
): Record<string, unknown> {
  const history = Array.isArray(metadata.thumbnail_history)
    ? metadata.thumbnail_history.filter((url): url is string => typeof url === 'string')
    : [];
  const updated = [...new Set([previous, ...history])].filter(
    (url): url is string => !!url && url !== next,
  );
  return { ...metadata, thumbnail_history: updated.slice(0, THUMBNAIL_HISTORY_MAX) };
}
