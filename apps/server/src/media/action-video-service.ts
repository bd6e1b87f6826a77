import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ACTION_VIDEO_REFERENCE_SECONDS,
  actionVideoRatio,
  LIMITS,
  MESSAGES,
  type ActionVideoRequest,
  type MediaAsset,
} from '@storyloom/core';
import { ffprobe } from '@storyloom/render';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import { stories } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { blobKeyFor } from '../render/render-service.js';
import { StoryRepository } from '../stories/story-repository.js';
import type { SessionUser } from '../auth/session.js';
import type { StoryService } from '../stories/story-service.js';
import type { WorkflowDefinition } from '../workflow/workflow-service.js';
import { MediaUploadService } from './media-upload-service.js';

export const ACTION_VIDEO_WORKFLOW = 'media.action_video';

/** What a run of the action-video workflow carries: the checked request and its files' keys. */
interface ActionVideoRun {
  characterKey: string;
  characterType: 'image' | 'video';
  referenceKey: string;
  ratio: string;
  expressionIntensity: number;
  storyId: string | null;
}

/** Containers ffprobe names for the accepted reference types (mp4, webm, ogg, mov). */
const REFERENCE_FORMATS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg'];

/**
 * Action videos (spec 3 §3, §5): a character picture or clip moved after a reference
 * performance by the configured provider (Runway Act-Two, or the local motion transfer). Both
 * files must be the user's own media on this server; the result joins the user's media, and
 * the story's media when one is named, ready to be placed on its timeline.
 */
export class ActionVideoService {
  private readonly files: MediaUploadService;

  constructor(
    private readonly ctx: AppContext,
    private readonly storyService: StoryService,
  ) {
    this.files = new MediaUploadService(ctx);
  }

  /**
   * Checks the request and starts the run. The URLs are absolute (spec 3 §5); they may name
   * this server by its public address or by the one the request came to (`origin`).
   */
  async start(
    user: SessionUser,
    request: ActionVideoRequest,
    origin: string,
  ): Promise<{ workflowRunId: string }> {
    if (request.story_id) await this.storyService.ownStory(request.story_id, user);
    const characterKey = await this.ownMedia(user.id, request.characterUrl, origin, 'character');
    const referenceKey = await this.ownMedia(user.id, request.referenceUrl, origin, 'reference');
    await this.files.inWorkFolder(async (dir) => {
      const file = path.join(dir, 'reference');
      await pipeline(await this.ctx.blobs.read(referenceKey), createWriteStream(file));
      const probed = await ffprobe(file).catch(() => null);
      const video = probed?.streams.find((s) => s.codec_type === 'video');
      if (!probed || !video || !REFERENCE_FORMATS.includes(probed.format.format_name ?? ''))
        throw badRequest(MESSAGES.editor.referenceType, 'INVALID_REFERENCE');
      const seconds = Number(probed.format.duration ?? video.duration);
      const { min, max } = ACTION_VIDEO_REFERENCE_SECONDS;
      if (!(seconds >= min && seconds <= max))
        throw badRequest(MESSAGES.editor.referenceDuration, 'INVALID_REFERENCE');
    });
    const input: ActionVideoRun = {
      characterKey,
      characterType: request.characterType,
      referenceKey,
      ratio: actionVideoRatio(request.ratio),
      expressionIntensity: request.expressionIntensity ?? 3,
      storyId: request.story_id ?? null,
    };
    await this.ctx.workflows.checkQuota(user.id, ACTION_VIDEO_WORKFLOW);
    const run = await this.ctx.workflows.start({
      kind: ACTION_VIDEO_WORKFLOW,
      userId: user.id,
      input: { ...input },
    });
    return { workflowRunId: run.id };
  }

  /** The storage key of a media URL the user owns, or a 400 naming which file is wrong. */
  private async ownMedia(
    userId: string,
    url: string,
    origin: string,
    which: 'character' | 'reference',
  ) {
    const parsed = URL.parse(url);
    const ours =
      parsed && [new URL(this.ctx.config.publicUrl).origin, origin].includes(parsed.origin);
    const key = ours ? blobKeyOfUrl(parsed.pathname, this.ctx.config.publicUrl) : null;
    if (!key || !(await this.ctx.media.usableBy(key, userId)))
      throw badRequest(
        which === 'character' ? MESSAGES.editor.invalidMediaUrl : MESSAGES.editor.invalidVideoUrl,
        'NOT_YOUR_MEDIA',
      );
    return key;
  }
}

/** The workflow that makes the action video, on whichever worker is free. */
export function actionVideoWorkflow(
  ctx: AppContext,
  logger: FastifyBaseLogger,
): WorkflowDefinition {
  const files = new MediaUploadService(ctx);
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.blobs.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  return {
    kind: ACTION_VIDEO_WORKFLOW,
    quota: {
      group: 'generation',
      max: LIMITS.concurrentGenerations,
      message: MESSAGES.limits.tooManyGenerations(LIMITS.concurrentGenerations),
    },
    steps: [
      {
        name: 'perform',
        status: 'processing:generating_videos',
        failureStage: 'generating_videos',
        async run(step) {
          const input = step.input as unknown as ActionVideoRun;
          const [width, height] = input.ratio.split(':').map(Number) as [number, number];
          const provider = ctx.providers.actionVideo;
          const media = await provider.perform({
            character: {
              type: input.characterType,
              bytes: await read(input.characterKey),
              extension: extension(input.characterKey),
            },
            reference: {
              bytes: await read(input.referenceKey),
              extension: extension(input.referenceKey),
            },
            width,
            height,
            expressionIntensity: input.expressionIntensity,
          });
          const key = blobKeyFor('media', 'mp4', step.run.id, step.run.createdAt);
          await ctx.blobs.put(key, media.bytes);
          await ctx.media.record({
            key,
            userId: step.run.userId,
            storyId: input.storyId,
            kind: 'generated',
            bytes: media.bytes.length,
          });
          const url = ctx.blobs.url(key);
          const duration =
            media.durationSeconds ??
            (await files.inWorkFolder(async (dir) => {
              const file = path.join(dir, 'action.mp4');
              await pipeline(await ctx.blobs.read(key), createWriteStream(file));
              return Number((await ffprobe(file)).format.duration) || undefined;
            }));
          if (input.storyId) {
            const asset: MediaAsset = {
              id: `action-${step.run.id.slice(0, 8)}`,
              title: 'Action video',
              url,
              resource_type: 'video',
              source: 'generated',
              metadata: { width, height, ...(duration ? { duration } : {}) },
              configs: { model: provider.name },
            };
            await addToStoryMedia(ctx, input.storyId, asset);
          }
          logger.info({ workflowRunId: step.run.id, provider: provider.name }, 'action video made');
          return { state: { url } };
        },
      },
    ],
  };
}

/** Adds an asset to a story's media (the editor's media pane), once; the export is outdated. */
async function addToStoryMedia(ctx: AppContext, storyId: string, asset: MediaAsset) {
  await ctx.database.db.transaction(async (tx) => {
    const [story] = await tx
      .select({ timeline: stories.videoEditorTimeline })
      .from(stories)
      .where(eq(stories.id, storyId))
      .for('update');
    // A story without a timeline yet (or deleted meanwhile): the video stays in the user's media.
    const timeline = story?.timeline as { mediaAssets?: MediaAsset[] } | null | undefined;
    if (!timeline || timeline.mediaAssets?.some((a) => a.id === asset.id)) return;
    await new StoryRepository(tx).touch(storyId, {
      changes: {
        videoEditorTimeline: { ...timeline, mediaAssets: [...(timeline.mediaAssets ?? []), asset] },
      },
    });
  });
}
