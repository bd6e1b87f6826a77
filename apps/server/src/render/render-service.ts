import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { fitWithinSide, MESSAGES, type MediaAsset } from '@storyloom/core';
import {
  assembleRender,
  extractThumbnail,
  parseTimelineForRender,
  prepareRender,
  RenderError,
  renderSegment,
  renderSound,
  renderTimeline,
  segmentCount,
  type PreparedRender,
  type RenderPhaseOptions,
  type Size,
} from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { openReadStream } from '../storage/read-stream.js';
import { isBlobKey, type BlobExtension, type BlobFolder } from '../storage/blob-store.js';
import { blobKeyOfUrl, fetchAssetFile } from '../storage/media-files.js';

export interface RenderJob {
  /** Validated by the renderer, which names the bad field if it is not a timeline. */
  timeline: unknown;
  output: Size;
  removeWatermark?: boolean | undefined;
  watermarkEnabled?: boolean | undefined;
  captionsEnabled?: boolean | undefined;
  /** Names the stored files, so a retried job overwrites instead of piling up copies. */
  id: string;
  createdAt: Date;
  signal: AbortSignal;
  onProgress?: ((percent: number) => void) | undefined;
  /** Also store a JPEG frame of the video. */
  thumbnail?: boolean | undefined;
  /** Who the stored files belong to (see MediaRegistry). */
  owner: { userId: string | null; storyId: string | null };
}

export interface RenderOutput {
  url: string;
  key: string;
  thumbnailUrl?: string | undefined;
  thumbnailKey?: string | undefined;
}

/** folder/yyyy/mm/{id}.ext for an id that is a UUID (a run id). */
export function blobKeyFor(
  folder: BlobFolder,
  extension: BlobExtension,
  id: string,
  at: Date,
): string {
  const yyyy = String(at.getUTCFullYear());
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  const key = `${folder}/${yyyy}/${mm}/${id}.${extension}`;
  if (!isBlobKey(key)) throw new Error(`Cannot store a render under the id ${id}`);
  return key;
}

/** The key of one rendered piece of a run's export, the same on every worker and retry. */
export function partBlobKey(runId: string, index: number, at: Date): string {
  const hex = createHash('sha256').update(`${runId}:${index}`).digest('hex');
  const id = [0, 8, 12, 16, 20].map((from, i, all) => hex.slice(from, all[i + 1] ?? 32)).join('-');
  return blobKeyFor('tmp', 'mp4', id, at);
}

/** The sound of a run's export, made by its first part, under a key of its own. */
export function soundBlobKey(runId: string, at: Date): string {
  return partBlobKey(`${runId}:sound`, 0, at);
}

/** A stored piece of a render: its pictures, and for the first piece the export's sound. */
export type RenderedPart = { key: string; soundKey?: string | undefined };

/**
 * Renders timelines to MP4 into the blob store: copies the media into a private temporary
 * folder, runs the renderer, stores the video (and a thumbnail frame), and removes the folder
 * whatever happens. A render is either done at once (`render`) or in pieces: `renderPart` for
 * each segment, on any worker, then `assemble`.
 */
export class RenderService {
  constructor(
    private readonly ctx: Pick<AppContext, 'blobs' | 'config' | 'media' | 'music'>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** How many pieces `renderPart` splits the job into. */
  partCount(job: Pick<RenderJob, 'timeline' | 'captionsEnabled'>): number {
    return segmentCount(parseTimelineForRender(job.timeline), {
      captionsEnabled: job.captionsEnabled,
      segmentSeconds: this.ctx.config.renderSegmentSeconds,
    });
  }

  async render(job: RenderJob): Promise<RenderOutput> {
    return this.inWorkFolder(async (work) => {
      const output = path.join(work, 'video.mp4');
      await renderTimeline({
        ...this.renderOptions(job, work),
        outputPath: output,
        onProgress: job.onProgress,
      });
      return this.store(job, output, work);
    });
  }

  /**
   * Renders segment `index` of the job (pictures only) and stores it under a temporary key.
   * The first part also makes the export's sound meanwhile (measured, brought to the loudness
   * target, encoded) and stores it, so the join only copies pictures and sound.
   */
  async renderPart(job: RenderJob, index: number): Promise<RenderedPart> {
    return this.inWorkFolder(async (work) => {
      const prepared = await prepareRender(this.renderOptions(job, work));
      // Stops the sound too when the pictures fail.
      const stop = new AbortController();
      let sound: Promise<string> | undefined;
      try {
        const segment = prepared.plan.segments[index];
        if (!segment) throw new Error(`The render has no part ${index}`);
        if (index === 0) {
          sound = this.renderStoredSound(job, prepared, work, stop.signal);
          sound.catch(() => undefined); // awaited below
        }
        const file = path.join(work, 'part.mp4');
        await renderSegment(prepared, index, file, {
          signal: job.signal,
          onFrames: (frames) =>
            job.onProgress?.(
              Math.min(100, (frames / (segment.endFrame - segment.startFrame)) * 100),
            ),
        });
        const key = partBlobKey(job.id, index, job.createdAt);
        await this.ctx.blobs.put(key, await openReadStream(file));
        return sound ? { key, soundKey: await sound } : { key };
      } catch (error) {
        stop.abort();
        await sound?.catch(() => undefined); // its ffmpeg has exited before this returns
        throw error;
      } finally {
        await prepared.dispose();
      }
    });
  }

  private async renderStoredSound(
    job: RenderJob,
    prepared: PreparedRender,
    work: string,
    stop: AbortSignal,
  ): Promise<string> {
    const file = path.join(work, 'sound.mp4');
    await renderSound(prepared, file, { signal: AbortSignal.any([job.signal, stop]) });
    const key = soundBlobKey(job.id, job.createdAt);
    await this.ctx.blobs.put(key, await openReadStream(file));
    return key;
  }

  /**
   * Joins the stored parts with the sound the first part made (or, for parts rendered without
   * one, mixes the sound here), stores the video; then removes the parts.
   */
  async assemble(job: RenderJob, parts: readonly RenderedPart[]): Promise<RenderOutput> {
    const partKeys = parts.map((part) => part.key);
    const soundKey = parts[0]?.soundKey;
    const result = await this.inWorkFolder(async (work) => {
      // The join draws nothing: the overlays are in the parts' pictures.
      const prepared = await prepareRender({ ...this.renderOptions(job, work), overlays: false });
      try {
        if (partKeys.length !== prepared.plan.segments.length)
          throw new Error('The rendered parts do not match the timeline');
        const files: string[] = [];
        for (const [index, key] of partKeys.entries()) {
          const file = path.join(work, `part-${index}.mp4`);
          await pipeline(await this.ctx.blobs.read(key), createWriteStream(file));
          files.push(file);
        }
        let soundPath: string | undefined;
        if (soundKey) {
          soundPath = path.join(work, 'sound.mp4');
          await pipeline(await this.ctx.blobs.read(soundKey), createWriteStream(soundPath));
        }
        const output = path.join(work, 'video.mp4');
        await assembleRender(prepared, files, output, { signal: job.signal, soundPath });
        return await this.store(job, output, work);
      } finally {
        await prepared.dispose();
      }
    });
    await Promise.all(
      [...partKeys, ...(soundKey ? [soundKey] : [])].map((key) =>
        this.ctx.blobs.delete(key).catch(() => undefined),
      ),
    );
    return result;
  }

  private renderOptions(job: RenderJob, work: string): RenderPhaseOptions {
    const mediaDir = path.join(work, 'media');
    return {
      timeline: job.timeline,
      output: fitWithinSide(job.output, this.ctx.config.exportMaxSide),
      resolveMedia: async (asset: MediaAsset) => {
        // The built-in music library is every user's; stored files only the owner's to use
        // (a timeline stored before sync applied that rule must not render someone else's).
        const track = this.ctx.music.findTrack(asset.url);
        if (track) return (await this.ctx.music.audioFile(track)).path;
        const key = blobKeyOfUrl(asset.url, this.ctx.config.publicUrl);
        if (key && !(await this.ctx.media.usableBy(key, job.owner.userId)))
          throw new Error(`${asset.url} ${MESSAGES.media.notUsableInStory}`);
        await mkdir(mediaDir, { recursive: true });
        return fetchAssetFile(asset, this.ctx.blobs, this.ctx.config.publicUrl, mediaDir);
      },
      removeWatermark: job.removeWatermark,
      watermarkEnabled: job.watermarkEnabled,
      captionsEnabled: job.captionsEnabled,
      segmentSeconds: this.ctx.config.renderSegmentSeconds,
      signal: job.signal,
      tempDir: work,
    };
  }

  private async inWorkFolder<T>(fn: (work: string) => Promise<T>): Promise<T> {
    const parent = path.join(this.ctx.config.dataDir, 'tmp');
    await mkdir(parent, { recursive: true });
    const work = await mkdtemp(path.join(parent, 'render-'));
    try {
      return await fn(work);
    } catch (error) {
      throw userFacingRenderError(error, this.logger);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Stores a finished video (and its thumbnail) as the job's export. */
  private async store(job: RenderJob, output: string, work: string): Promise<RenderOutput> {
    const key = blobKeyFor('exports', 'mp4', job.id, job.createdAt);
    const stored = await this.ctx.blobs.put(key, await openReadStream(output));
    await this.ctx.media.record({ key, ...job.owner, kind: 'export', bytes: stored.size });
    const result: RenderOutput = { key, url: this.ctx.blobs.url(key) };
    if (job.thumbnail) {
      const frame = path.join(work, 'thumbnail.jpg');
      await extractThumbnail(output, frame, { signal: job.signal });
      const thumbnailKey = blobKeyFor('thumbnails', 'jpg', job.id, job.createdAt);
      const thumb = await this.ctx.blobs.put(thumbnailKey, await openReadStream(frame));
      await this.ctx.media.record({
        key: thumbnailKey,
        ...job.owner,
        kind: 'thumbnail',
        bytes: thumb.size,
      });
      result.thumbnailKey = thumbnailKey;
      result.thumbnailUrl = this.ctx.blobs.url(thumbnailKey);
    }
    return result;
  }
}

/** The message a user sees for a failed render. */
export function userFacingRenderError(error: unknown, logger: FastifyBaseLogger): Error {
  if (error instanceof RenderError) {
    if (error.code === 'TIMEOUT') return new Error(MESSAGES.editor.renderTimeout);
    if (error.code !== 'FFMPEG_FAILED') return new Error(error.message);
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new Error(MESSAGES.editor.renderTimeout);
  logger.error({ err: error }, 'render failed');
  return new Error('The video could not be rendered. Please try again.');
}
