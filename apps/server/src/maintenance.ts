import path from 'node:path';
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import { trackingWindows } from './db/schema.js';
import { removeStaleFiles } from './storage/stale-files.js';

/** How often the sweep runs after the one at start. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/** One sweep: files left by killed processes, and tracking windows that closed. */
export async function sweep(
  ctx: Pick<AppContext, 'config' | 'database'>,
  logger: FastifyBaseLogger,
) {
  try {
    const removed = await removeStaleFiles({
      // Half-written files exist only in the local store (S3 uploads are atomic).
      mediaDir: path.join(ctx.config.dataDir, 'media'),
      tmpDir: path.join(ctx.config.dataDir, 'tmp'),
    });
    if (removed > 0) logger.info({ removed }, 'removed files left by stopped processes');
    await ctx.database.db.delete(trackingWindows).where(lt(trackingWindows.endsAt, new Date()));
  } catch (error) {
    logger.warn({ err: error }, 'maintenance sweep failed');
  }
}

/** Sweeps now and then every MAINTENANCE_INTERVAL_MS; returns the function that stops it. */
export function startMaintenance(
  ctx: Pick<AppContext, 'config' | 'database'>,
  logger: FastifyBaseLogger,
): { ready: Promise<void>; stop(): void } {
  const ready = sweep(ctx, logger);
  const timer = setInterval(() => void sweep(ctx, logger), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
