import type { BlobExtension } from './blob-store.js';

export type ImageExtension = Extract<BlobExtension, 'png' | 'jpg' | 'webp' | 'gif'>;

/** Tells an image's format from its first bytes; the client's name and MIME type are not trusted. */
export function sniffImage(head: Uint8Array): ImageExtension | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}
