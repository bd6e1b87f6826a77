import { crc32, deflateSync } from 'node:zlib';
import type { Client } from './helpers.js';

/** A real RGB PNG of the given size, each pixel's colour from `paint`. */
export function paintedPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      rows.set([r, g, b], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The patch colour of the test character: a magenta no illustration of ours uses so much of. */
export const PATCH: readonly [number, number, number] = [255, 0, 200];

/** A portrait with a large magenta patch in its middle, on a pale blue card. */
export function patchPortrait(): Buffer {
  return paintedPng(160, 240, (x, y) =>
    x >= 24 && x < 136 && y >= 40 && y < 200 ? PATCH : [200, 220, 240],
  );
}

/** The share of an RGB frame's pixels near the character's patch colour. */
export function patchShare(frame: Buffer): number {
  let hits = 0;
  for (let i = 0; i < frame.length; i += 3) {
    const d =
      Math.abs(frame[i]! - PATCH[0]) +
      Math.abs(frame[i + 1]! - PATCH[1]) +
      Math.abs(frame[i + 2]! - PATCH[2]);
    if (d < 90) hits++;
  }
  return hits / (frame.length / 3);
}

/**
 * Uploads a file through the editor's POST /api/media/upload: the status and the answer (its
 * URL and probed facts, or the refusal's message).
 */
export async function uploadMedia<T = Record<string, unknown>>(
  client: Client,
  bytes: Buffer,
  name: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await client.request('POST', '/api/media/upload', form);
  return { status: res.status, body: (await res.json()) as T };
}

/** Uploads a picture through POST /api/media/upload_image and returns its URL. */
export async function uploadPicture(client: Client, bytes: Buffer, name = 'me.png') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await client.request('POST', '/api/media/upload_image', form);
  const body = (await res.json()) as { imageUrl?: string; message?: string };
  return { status: res.status, imageUrl: body.imageUrl ?? '', body };
}
