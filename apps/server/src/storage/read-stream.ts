import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Opens a file and streams it: the only way the server reads a file as a stream (lint refuses a
 * bare `createReadStream`). The file is opened before the stream exists, so a missing or
 * unreadable file is a rejected promise the caller awaits, never an `'error'` event emitted
 * before anyone listens (an unhandled one ends the process). A read error later is kept on the
 * stream (`stream.errored`), where `pipeline()` and Fastify's reply find it.
 */
export async function openReadStream(
  file: string,
  range?: { start: number; end: number },
): Promise<ReadStream> {
  const handle = await open(file, 'r');
  const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  stream.on('error', () => undefined);
  return stream;
}
