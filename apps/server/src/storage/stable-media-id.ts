import { createHash } from 'node:crypto';

/** A UUID-shaped name fixed by the run and the media's name, so a retry overwrites its file. */
export function stableMediaId(runId: string, name: string): string {
  const hex = createHash('sha1').update(`${runId}/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
