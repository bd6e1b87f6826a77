import type { ByteRange } from './blob-store.js';

/**
 * Parses a single-range `Range: bytes=...` header against a blob size.
 * Returns undefined when there is no usable header (serve the whole blob) and 'unsatisfiable'
 * when the range lies outside the blob (answer 416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // multi-range or malformed: serve it all, as RFC 9110 allows
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
