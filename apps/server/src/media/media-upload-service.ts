import { mkdir, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, UPLOAD_LIMITS, uploadKindOf, type UploadKind } from '@storyloom/core';
import { extractThumbnail, ProbeLimitError } from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newBlobKey, type BlobExtension } from '../storage/blob-store.js';
import { openReadStream } from '../storage/read-stream.js';
import { checkImageDimensions } from '../storage/image-dimensions.js';
import { checkStorageQuota } from '../storage/storage-quota.js';
import { sniffAudioMime, sniffImage } from '../storage/sniff.js';
import { MediaMetadataError, probeMediaMetadata, type MediaMetadata } from './media-metadata.js';

export { UPLOAD_LIMITS, type UploadKind };

/** Width of the thumbnails made for uploaded pictures and videos (the media pane's tiles). */
const THUMBNAIL_WIDTH = 320;

const AUDIO_EXTENSIONS: Record<string, BlobExtension> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/flac': 'flac',
};

/** The kind and storage extension of a file from its first bytes (never its name). */
export function sniffMedia(head: Buffer): { kind: UploadKind; extension: BlobExtension } | null {
  const image = sniffImage(Uint8Array.from(head.subarray(0, 16)));
  if (image) return { kind: 'image', extension: image };
  if (head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ') return { kind: 'video', extension: 'mov' };
    // M4A is an MP4 of sound only; anything else in an ISO box is taken as video and probed.
    if (brand.startsWith('M4A') || brand.startsWith('M4B'))
      return { kind: 'audio', extension: 'm4a' };
    return { kind: 'video', extension: 'mp4' };
  }
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'AVI ')
    return { kind: 'video', extension: 'avi' };
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))
    return { kind: 'video', extension: 'webm' };
  const audio = sniffAudioMime(head);
  const extension = audio ? AUDIO_EXTENSIONS[audio] : undefined;
  return extension ? { kind: 'audio', extension } : null;
}

export interface StoredUpload {
  url: string;
  resource_type: UploadKind;
  metadata: MediaMetadata;
  /** A small JPEG of a picture or of a video's frame at one second. */
  thumbnail_url: string | null;
}

/**
 * The media pane's uploads (spec 3 §5, §7): a file streamed to disk (never held in memory
 * whole), its kind found from its content and held to that kind's size limit, its facts read
 * with ffprobe, then stored as the user's upload.
 */
export class MediaUploadService {
  constructor(private readonly ctx: Pick<AppContext, 'blobs' | 'config' | 'media'>) {}

  /** A work folder for one upload, removed afterwards whatever happens. */
  async inWorkFolder<T>(fn: (dir: string) => Promise<T>): Promise<T> {
    const parent = path.join(this.ctx.config.dataDir, 'tmp');
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'upload-'));
    try {
      return await fn(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Stores the file at `file` (named `name` by the user) as the user's upload. */
  async store(userId: string, file: string, name: string): Promise<StoredUpload> {
    const head = Buffer.alloc(16);
    const handle = await open(file, 'r');
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    // The kind the name claims (its extension) must be the kind the content is (spec 3 §5).
    const claimed = uploadKindOf({ name });
    const sniffed = sniffMedia(head);
    if (!sniffed || (claimed && claimed !== sniffed.kind))
      throw badRequest(
        claimed
          ? MESSAGES.editor.typeNotSupportedForKind(name, claimed)
          : MESSAGES.editor.onlyMediaFiles,
        'UNSUPPORTED_TYPE',
      );
    const { size } = await stat(file);
    const limit = UPLOAD_LIMITS[sniffed.kind];
    if (size > limit.maxBytes)
      throw new HttpError(
        413,
        'FILE_TOO_LARGE',
        MESSAGES.editor.fileTooLarge(name, Math.round(limit.maxBytes / 2 ** 20)),
      );
    if (sniffed.kind === 'image') checkImageDimensions(await readFile(file));
    let metadata: MediaMetadata;
    try {
      metadata = await probeMediaMetadata(file);
    } catch (error) {
      if (error instanceof ProbeLimitError) throw badRequest(error.message, 'MEDIA_TOO_LARGE');
      if (error instanceof MediaMetadataError)
        throw badRequest(
          MESSAGES.editor.typeNotSupportedForKind(name, sniffed.kind),
          'UNREADABLE_MEDIA',
        );
      throw error;
    }
    if (sniffed.kind === 'video' && !metadata.width)
      throw badRequest(MESSAGES.editor.typeNotSupportedForKind(name, 'video'), 'UNREADABLE_MEDIA');
    await checkStorageQuota(this.ctx, userId, size);
    const key = newBlobKey('uploads', sniffed.extension);
    await this.ctx.blobs.put(key, await openReadStream(file));
    const thumbnailUrl = sniffed.kind === 'audio' ? null : await this.storeThumbnail(userId, file);
    await this.ctx.media.record({ key, userId, kind: 'upload', bytes: size });
    return {
      url: this.ctx.blobs.url(key),
      resource_type: sniffed.kind,
      metadata,
      thumbnail_url: thumbnailUrl,
    };
  }

  /** A thumbnail of a picture or video, or null when ffmpeg cannot draw one. */
  private async storeThumbnail(userId: string, file: string): Promise<string | null> {
    const frame = `${file}-thumbnail.jpg`;
    try {
      await extractThumbnail(file, frame, { maxWidth: THUMBNAIL_WIDTH });
    } catch {
      return null;
    }
    const key = newBlobKey('thumbnails', 'jpg');
    const stored = await this.ctx.blobs.put(key, await openReadStream(frame));
    await this.ctx.media.record({ key, userId, kind: 'thumbnail', bytes: stored.size });
    return this.ctx.blobs.url(key);
  }
}
