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

/**
 * The audio type of a file from its first bytes (never its name): WAV, MP3 (ID3 tag or MPEG
 * frame sync), AAC (ADTS), FLAC, Ogg, M4A (an ISO `ftyp` box) or WMA (the ASF header GUID).
 */
export function sniffAudioMime(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])))
    return 'audio/x-ms-wma';
  if (head.length >= 2 && head[0] === 0xff) {
    const second = head[1]!;
    if ((second & 0xf6) === 0xf0) return 'audio/aac';
    if ((second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return 'audio/mpeg';
  }
  return null;
}
