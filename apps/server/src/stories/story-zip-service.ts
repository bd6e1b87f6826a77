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
import { blobKeyOfUrl } from '../render/media-files.js';
import type { BlobStore } from '../storage/blob-store.js';
import pLimit from 'p-limit';

export interface ZipFile {
  /** Path inside the zip, e.g. images/image_001.jpg. */
  path: string;
  key: string;
  size: number;
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
 * server stores is fetched — never an address a story merely mentions. When any file fails,
 * nothing is sent and the error counts the failures per kind.
 */
export class StoryZipService {
  constructor(
    private readonly blobs: BlobStore,
    private readonly publicUrl: string,
  ) {}

  async files(lists: StoryAssetLists): Promise<ZipFile[]> {
    const wanted = (Object.keys(ZIP_ASSET_KINDS) as ZipAssetKind[]).flatMap((kind) =>
      lists[kind].map((url, index) => ({ kind, url, path: zipAssetPath(kind, index, url) })),
    );
    const limit = pLimit(ZIP_DOWNLOAD_CONCURRENCY);
    const found = await Promise.all(
      wanted.map((asset) =>
        limit(async () => {
          const key = blobKeyOfUrl(asset.url, this.publicUrl);
          const info = key ? await this.blobs.stat(key).catch(() => null) : null;
          return info ? { path: asset.path, key: info.key, size: info.size } : null;
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

  read(file: ZipFile): Promise<Readable> {
    return this.blobs.read(file.key);
  }
}
