import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, type MediaAsset } from '@storyloom/core';
import { RenderError, renderTimeline, type Size } from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { isBlobKey, type BlobExtension, type BlobFolder } from '../storage/blob-store.js';
import { fetchAssetFile } from './media-files.js';

const execFileAsync = promisify(execFile);

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

/**
 * Renders timelines to MP4 into the blob store: copies the media into a private temporary
 * folder, runs the renderer, stores the video (and a thumbnail frame), and removes the folder
 * whatever happens.
 */
export class RenderService {
  constructor(
    private readonly ctx: Pick<AppContext, 'blobs' | 'config' | 'media'>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async render(job: RenderJob): Promise<RenderOutput> {
    const parent = path.join(this.ctx.config.dataDir, 'tmp');
    await mkdir(parent, { recursive: true });
    const work = await mkdtemp(path.join(parent, 'render-'));
    try {
      const mediaDir = path.join(work, 'media');
      await mkdir(mediaDir);
      const output = path.join(work, 'video.mp4');
      await renderTimeline({
        timeline: job.timeline,
        output: job.output,
        outputPath: output,
        resolveMedia: (asset: MediaAsset) =>
          fetchAssetFile(asset, this.ctx.blobs, this.ctx.config.publicUrl, mediaDir),
        removeWatermark: job.removeWatermark,
        watermarkEnabled: job.watermarkEnabled,
        captionsEnabled: job.captionsEnabled,
        onProgress: job.onProgress,
        signal: job.signal,
        tempDir: work,
      });
      const key = blobKeyFor('exports', 'mp4', job.id, job.createdAt);
      const stored = await this.ctx.blobs.put(key, createReadStream(output));
      await this.ctx.media.record({ key, ...job.owner, kind: 'export', bytes: stored.size });
      const result: RenderOutput = { key, url: this.ctx.blobs.url(key) };
      if (job.thumbnail) {
        const frame = path.join(work, 'thumbnail.jpg');
        await extractThumbnail(output, frame, job.signal);
        const thumbnailKey = blobKeyFor('thumbnails', 'jpg', job.id, job.createdAt);
        const thumb = await this.ctx.blobs.put(thumbnailKey, createReadStream(frame));
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
    } catch (error) {
      throw userFacingRenderError(error, this.logger);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

/** A JPEG of the frame one second in (or the middle of a shorter video). */
async function extractThumbnail(video: string, output: string, signal: AbortSignal) {
  const { stdout } = await execFileAsync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video],
    { signal },
  );
  const duration = Number(stdout.trim()) || 0;
  const at = Math.min(1, duration / 2);
  await execFileAsync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(at), '-i', video].concat(
      ['-frames:v', '1', '-q:v', '3', output],
    ),
    { signal },
  );
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
