import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  contentTypeOf,
  isBlobKey,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { openReadStream } from './read-stream.js';

/** Blobs as files under one root folder, served by the server at `/media/{key}`. */
export class LocalBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    private readonly urlPrefix = '/media',
  ) {}

  private pathOf(key: string): string {
    if (!isBlobKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<BlobInfo> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(partial),
      );
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await this.stat(key))!;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      if (!s.isFile()) return null;
      return { key, size: s.size, contentType: contentTypeOf(key), modifiedAt: s.mtime };
    } catch {
      return null;
    }
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return openReadStream(this.pathOf(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }
}
