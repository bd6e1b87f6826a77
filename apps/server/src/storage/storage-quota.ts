import { MESSAGES } from '@storyloom/core';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import type { MediaRegistry } from './media-registry.js';

/** Refuses (413) an upload that would take the user's uploads past their storage quota. */
export async function checkStorageQuota(
  ctx: {
    config: Pick<Config, 'userStorageQuotaBytes'>;
    media: Pick<MediaRegistry, 'uploadedBytes'>;
  },
  userId: string,
  bytes: number,
) {
  const quota = ctx.config.userStorageQuotaBytes;
  if ((await ctx.media.uploadedBytes(userId)) + bytes > quota) {
    throw new HttpError(
      413,
      'STORAGE_FULL',
      MESSAGES.limits.storageFull(Math.round(quota / 2 ** 20)),
    );
  }
}
