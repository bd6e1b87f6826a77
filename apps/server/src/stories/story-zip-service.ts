import { openReadStream } from '../storage/read-stream.js';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  MESSAGES,
  ZIP_ASSET_KINDS,
  ZIP_DOWNLOAD_CONCURRENCY,
  zipAssetPath,
  type StoryAssetLists,
  type ZipAssetKind,
} from '@storyloom/core';
import { HttpError } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import type { AppContext } from '../app-context.js';
import pLimit from 'p-limit';

export interface ZipFile {
  /** Path inside the zip, e.g. images/image_001.jpg. */
  path: string;
  size: number;
  /** Where its bytes are: a stored file, or a file of the built-in music library. */
  from: { key: string } | { file: string };
}

/** Failed files per kind, e.g. {images: 2}: the counts the zip failure carries (spec 1 §8). */
export type ZipFailures = Partial<Record<(typeof ZIP_ASSET_KINDS)[ZipAssetKind]['folder'], number>>;

/** 'Failed to download all assets (failed files: images 2, videos 1)'. */
export function zipFailureMessage(failures: ZipFailures): string {
  const parts = Object.entries(failures).map(([folder, count]) => `${folder} ${count}`);
  return `${MESSAGES.share.zipFailed} (failed files: ${parts.join(', ')})`;
}

/**
 * Gathers a story's assets for the zip (spec 1 §9): every file is fetched from storage, 15 at
 * a time, and named by kind with three-digit numbers (images/image_001.jpg). Only media this
 * server holds is fetched — never an address a story merely mentions — and of it only what
 * the story's owner may use (`MediaRegistry.usableBy`: a timeline stored before that rule was
 * applied to sync cannot hand out someone else's files) and the built-in music library. When
 * any file fails, nothing is sent and the error counts the failures per kind (a file that is
 * not the owner's fails as a missing one does).
 */
export class StoryZipService {
  constructor(private readonly ctx: Pick<AppContext, 'blobs' | 'config' | 'media' | 'music'>) {}

  async files(lists: StoryAssetLists, userId: string): Promise<ZipFile[]> {
    const wanted = (Object.keys(ZIP_ASSET_KINDS) as ZipAssetKind[]).flatMap((kind) =>
      lists[kind].map((url, index) => ({ kind, url, path: zipAssetPath(kind, index, url) })),
    );
    const keys = wanted.map((asset) => blobKeyOfUrl(asset.url, this.ctx.config.publicUrl));
    const usable = await this.ctx.media.usableKeys(
      keys.filter((key): key is string => key !== null),
      userId,
    );
    const limit = pLimit(ZIP_DOWNLOAD_CONCURRENCY);
    const found = await Promise.all(
      wanted.map((asset, index) =>
        limit(async (): Promise<ZipFile | null> => {
          const key = keys[index];
          if (key) {
            const info = usable.has(key) ? await this.ctx.blobs.stat(key).catch(() => null) : null;
            return info ? { path: asset.path, size: info.size, from: { key: info.key } } : null;
          }
          const track = this.ctx.music.findTrack(asset.url);
          if (!track) return null;
          const audio = await this.ctx.music.audioFile(track).catch(() => null);
          const info = audio ? await stat(audio.path).catch(() => null) : null;
          return audio && info
            ? { path: asset.path, size: info.size, from: { file: audio.path } }
            : null;
        }),
      ),
    );
    const failures: ZipFailures = {};
    for (const [index, file] of found.entries()) {
      if (file) continue;
      const folder = ZIP_ASSET_KINDS[wanted[index]!.kind].folder;
      failures[folder] = (failures[folder] ?? 0) + 1;
    }
    if (Object.keys(failures).length > 0) {
      throw new HttpError(502, 'ASSET_DOWNLOAD_FAILED', zipFailureMessage(failures));
    }
    return found.filter((file): file is ZipFile => file !== null);
  }

  async read(file: ZipFile): Promise<Readable> {
    return 'key' in file.from ? this.ctx.blobs.read(file.from.key) : openReadStream(file.from.file);
  }
}
