import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where a blob lives; the first segment of every generated key. */
export const BLOB_FOLDERS = [
  'avatars',
  'uploads',
  'thumbnails',
  'exports',
  'media',
  'tmp',
] as const;
export type BlobFolder = (typeof BLOB_FOLDERS)[number];

export const CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  json: 'application/json',
  zip: 'application/zip',
} as const;
export type BlobExtension = keyof typeof CONTENT_TYPES;

/** folder/yyyy/mm/uuid.ext — the only shape a key can have. */
const KEY_PATTERN = new RegExp(
  `^(${BLOB_FOLDERS.join('|')})/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`,
);

/** Storage keys are always generated here, never taken from user input. */
export function newBlobKey(folder: BlobFolder, extension: BlobExtension, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${yyyy}/${mm}/${randomUUID()}.${extension}`;
}

export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1) as BlobExtension;
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface BlobStore {
  put(key: string, body: Buffer | Readable): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** The address clients fetch the blob from. */
  url(key: string): string;
}
