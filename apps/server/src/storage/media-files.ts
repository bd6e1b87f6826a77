import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaAsset } from '@storyloom/core';
import { isBlobKey, type BlobStore } from './blob-store.js';

/**
 * The storage key behind a media URL of this server: `/media/{key}`, or the same path on the
 * server's public address. Anything else (another host, a bare path) is not ours: renders read
 * only media this server stores, never an address a client chose.
 */
export function blobKeyOfUrl(url: string, publicUrl: string): string | null {
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    const parsed = URL.parse(url);
    if (!parsed || parsed.origin !== new URL(publicUrl).origin) return null;
    pathname = parsed.pathname;
  }
  const match = /^\/media\/(.+)$/.exec(pathname);
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]!);
  } catch {
    return null; // a malformed escape is not one of our keys
  }
  return isBlobKey(key) ? key : null;
}

/**
 * Copies an asset's blob into `dir` for ffmpeg (works the same for local and S3 storage) and
 * returns the file's path. Fails with a message naming the problem when the media is not ours
 * or is missing.
 */
export async function fetchAssetFile(
  asset: MediaAsset,
  blobs: BlobStore,
  publicUrl: string,
  dir: string,
): Promise<string> {
  const key = blobKeyOfUrl(asset.url, publicUrl);
  if (!key) throw new Error(`${asset.url} is not a media file of this server`);
  if (!(await blobs.stat(key))) throw new Error(`${asset.url} does not exist`);
  const file = path.join(dir, path.basename(key));
  await pipeline(await blobs.read(key), createWriteStream(file));
  return file;
}
