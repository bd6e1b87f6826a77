import { randomUUID } from 'node:crypto';
import {
  MEDIA_RESOURCE_LIMITS,
  MESSAGES,
  mediaAssetSchema,
  type CreateMediaResource,
  type MediaAsset,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import type { SessionUser } from '../auth/session.js';
import { badRequest, conflict } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { contentTypeOf } from '../storage/blob-store.js';
import type { StoryRepository } from '../stories/story-repository.js';
import { ownedStory } from '../stories/story-service.js';
import type { MediaResourceRepository, MediaResourceRow } from './media-resource-repository.js';

/** How many of the user's latest stories the picker's generation tab looks through. */
const GENERATION_STORIES = 20;

/** A stored row as the editor's media asset (spec 3 §3). */
export function mediaAssetOf(row: MediaResourceRow): MediaAsset {
  const asset = {
    id: row.id,
    url: row.url,
    resource_type: row.resourceType,
    source: row.source,
    user_id: row.userId,
    is_deleted: row.isDeleted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    metadata: row.metadata,
    configs: row.configs,
    ...(row.title ? { title: row.title } : {}),
    ...(row.subtype ? { subtype: row.subtype } : {}),
    ...(row.shotId ? { shot_id: row.shotId } : {}),
    ...(row.thumbnailUrl ? { thumbnail_url: row.thumbnailUrl } : {}),
  };
  return mediaAssetSchema.parse(asset);
}

/**
 * A story's media resources (spec 3 §7): create, list and delete by ids, for the story's owner;
 * the user's earlier uploads (the history picker) and the media picker's library. A resource
 * may only point at a file of the user's own (an upload of theirs or their stories' media) or
 * a stock music track, and a file's kind must be the resource's type.
 */
export class MediaResourceService {
  constructor(
    private readonly ctx: Pick<AppContext, 'media' | 'music' | 'config'>,
    private readonly stories: StoryRepository,
    private readonly repo: MediaResourceRepository,
  ) {}

  async list(storyId: string, viewer: SessionUser): Promise<MediaAsset[]> {
    await ownedStory(this.stories, storyId, viewer);
    const rows = await this.repo.listForStory(storyId, MEDIA_RESOURCE_LIMITS.listMax);
    return rows.map(mediaAssetOf);
  }

  async create(
    storyId: string,
    viewer: SessionUser,
    input: CreateMediaResource,
  ): Promise<MediaAsset> {
    await ownedStory(this.stories, storyId, viewer);
    const source = await this.checkUrl(viewer.id, input.url, input.type);
    if (input.thumbnail_url) await this.checkUrl(viewer.id, input.thumbnail_url, 'image');
    const id = input.id ?? randomUUID();
    const row = await this.repo.insert({
      id,
      storyId,
      userId: viewer.id,
      resourceType: input.type,
      subtype: input.type === 'audio' ? (input.subtype ?? 'music') : null,
      source,
      shotId: input.shot_id ?? null,
      url: input.url,
      thumbnailUrl: input.thumbnail_url ?? null,
      title: input.title ?? null,
      metadata: input.metadata ?? {},
      configs: input.configs ?? {},
    });
    // The same id sent again (a retried request) answers the resource it made; an id of
    // something else is refused.
    if (row.storyId !== storyId || row.userId !== viewer.id || row.url !== input.url)
      throw conflict('This media id is taken', 'ID_TAKEN');
    return mediaAssetOf(row);
  }

  async delete(storyId: string, viewer: SessionUser, ids: readonly string[]): Promise<string[]> {
    await ownedStory(this.stories, storyId, viewer);
    return this.repo.markDeleted(storyId, ids);
  }

  /** The history picker: the user's earlier uploads of a kind, newest first, one per file. */
  async history(viewer: SessionUser, type: 'video' | 'image' | 'audio'): Promise<MediaAsset[]> {
    const rows = await this.repo.uploadsOf(viewer.id, type, MEDIA_RESOURCE_LIMITS.historyMax * 4);
    const seen = new Set<string>();
    return rows
      .filter((row) => !seen.has(row.url) && seen.add(row.url))
      .slice(0, MEDIA_RESOURCE_LIMITS.historyMax)
      .map((row) => ({ ...mediaAssetOf(row), is_deleted: false }));
  }

  /**
   * The media picker's generation tab: pictures or clips generated for the user's latest
   * stories, newest story first, one per file.
   */
  async generated(viewer: SessionUser, type: 'video' | 'image'): Promise<MediaAsset[]> {
    const timelines = await this.repo.recentTimelines(viewer.id, GENERATION_STORIES);
    const seen = new Set<string>();
    const found: MediaAsset[] = [];
    for (const { timeline } of timelines) {
      const assets = Array.isArray(timeline?.mediaAssets) ? timeline.mediaAssets : [];
      for (const raw of assets) {
        const parsed = mediaAssetSchema.safeParse(raw);
        if (!parsed.success) continue;
        const asset = parsed.data;
        if (asset.resource_type !== type || asset.source !== 'generated' || asset.is_deleted)
          continue;
        if (seen.has(asset.url)) continue;
        seen.add(asset.url);
        found.push(asset);
        if (found.length >= MEDIA_RESOURCE_LIMITS.historyMax) return found;
      }
    }
    return found;
  }

  /** Where a resource's file comes from, or a refusal when it is not the user's to use. */
  private async checkUrl(
    userId: string,
    url: string,
    type: 'video' | 'image' | 'audio',
  ): Promise<'user_upload' | 'generated'> {
    if (type === 'audio' && this.ctx.music.findTrack(url) && url.startsWith('/api/music/'))
      return 'generated';
    const key = blobKeyOfUrl(url, this.ctx.config.publicUrl);
    const blob = await this.ctx.media.usableBy(key, userId);
    if (!key || !blob) throw badRequest(MESSAGES.editor.notYourMedia, 'NOT_YOUR_MEDIA');
    // The stored file's kind was read from its content when it was stored.
    if (!contentTypeOf(key).startsWith(`${type}/`))
      throw badRequest(
        MESSAGES.editor.typeNotSupportedForKind(key.slice(key.lastIndexOf('/') + 1), type),
        'WRONG_KIND',
      );
    return blob.kind === 'upload' ? 'user_upload' : 'generated';
  }
}
