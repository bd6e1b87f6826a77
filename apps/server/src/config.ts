import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const MODES = ['serve', 'worker', 'all'] as const;
export type Mode = (typeof MODES)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server, whether running from src/ (tsx, tests) or dist/ (the built bundle). */
export const SERVER_ROOT = path.resolve(here, '..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: (issue) => `must be true or false, got '${String(issue.input)}'`,
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromEnv.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * In the single-process mode (`all`), how many supervised worker processes run the jobs, so a
   * crash in media work cannot end the API; 0 runs the jobs inside the API process.
   */
  WORKER_PROCESSES: z.coerce.number().int().min(0).max(16).default(1),
  /** Set by the supervisor for the worker processes it starts (not for operators). */
  STORYLOOM_SUPERVISED_WORKER: booleanFromEnv.default(false),
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .transform((value, ctx) => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value.split(',').map((entry) => entry.trim());
      if (list.every((entry) => /^[0-9a-fA-F.:/]+$/.test(entry))) return list;
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a comma list of addresses/CIDRs, got '${value}'`,
      });
      return z.NEVER;
    })
    .optional(),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w./-]*)?$/, {
      message: 'must be s3://bucket or s3://bucket/prefix',
    })
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  USER_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
  MUSIC_IMPORT_DIR: z
    .string()
    .min(1)
    .refine((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true, {
      error: (issue) => `must be an existing folder, got '${String(issue.input)}'`,
    })
    .optional(),
  MUSIC_PRERENDER: booleanFromEnv.default(true),
  /** Length of the pieces an export is split into, each rendered by whichever worker is free. */
  RENDER_SEGMENT_SECONDS: z.coerce.number().int().min(2).max(600).default(120),
  /** The longest side of exported videos in pixels; lower it on a slow machine for faster exports. */
  EXPORT_MAX_SIDE: z.coerce.number().int().min(320).max(3840).default(1920),
  /** The first pause before failed background work (seeding examples) is tried again; it doubles. */
  BACKGROUND_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The longest song segment a music video may use: 60 s, or up to 300 s if the operator allows. */
  MUSIC_TRIM_MAX_SECONDS: z.coerce.number().int().min(60).max(300).default(60),
  /** Lets webhooks reach this machine over plain http (for tests); off: https, public only. */
  WEBHOOK_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** The first pause before a failed webhook delivery is tried again; it doubles each time. */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** Where media lives in an S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix`). */
export interface S3Location {
  bucket: string;
  /** A folder inside the bucket ('' for the bucket's root). */
  prefix: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2...); unset for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export interface Config {
  mode: Mode;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string, or undefined for the embedded PGlite database. */
  databaseUrl: string | undefined;
  authSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  workerConcurrency: number;
  /** Supervised worker processes of the `all` mode (0: jobs run in the API process). */
  workerProcesses: number;
  /** This process is a worker started and supervised by an `all` process. */
  supervised: boolean;
  heartbeatSeconds: number;
  webDistDir: string;
  /** A folder of the operator's own music tracks joining the stock library, if any. */
  musicImportDir: string | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the default:
   * the client address is the connection's), true, a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Bytes of uploads a user may keep. */
  userStorageQuotaBytes: number;
  /** Where media lives: unset for `$DATA_DIR/media`, else an S3-compatible bucket. */
  storage: S3Location | undefined;
  /** Render the composed stock library into `$DATA_DIR/music-library` in the background at start. */
  musicPrerender: boolean;
  renderSegmentSeconds: number;
  /** Exports are scaled down to fit this side (the story's own size when smaller). */
  exportMaxSide: number;
  musicTrimMaxSeconds: number;
  backgroundRetrySeconds: number;
  webhookAllowLoopback: boolean;
  webhookRetrySeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from the environment and the command line, validating every value.
 * Throws a ConfigError listing each bad variable with what is wrong, so a misconfigured
 * deployment fails at start and says why.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const modeArg = argv.find((a) => !a.startsWith('-')) ?? env.STORYLOOM_MODE ?? 'all';
  if (!(MODES as readonly string[]).includes(modeArg)) {
    throw new ConfigError(`Invalid mode '${modeArg}': use one of ${MODES.join(', ')}`);
  }
  const mode = modeArg as Mode;
  if (mode === 'worker' && !e.DATABASE_URL && !e.STORYLOOM_SUPERVISED_WORKER) {
    throw new ConfigError(
      "Mode 'worker' needs DATABASE_URL (PostgreSQL): the embedded database can only be opened by one process. Run 'all' instead, or set DATABASE_URL.",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerProcesses: e.WORKER_PROCESSES,
    supervised: e.STORYLOOM_SUPERVISED_WORKER,
    heartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    musicImportDir: e.MUSIC_IMPORT_DIR ? path.resolve(e.MUSIC_IMPORT_DIR) : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    userStorageQuotaBytes: e.USER_STORAGE_QUOTA_MB * 1024 * 1024,
    storage: e.STORAGE_URL ? s3Location(e) : undefined,
    musicPrerender: e.MUSIC_PRERENDER,
    renderSegmentSeconds: e.RENDER_SEGMENT_SECONDS,
    exportMaxSide: e.EXPORT_MAX_SIDE,
    musicTrimMaxSeconds: e.MUSIC_TRIM_MAX_SECONDS,
    backgroundRetrySeconds: e.BACKGROUND_RETRY_SECONDS,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    webhookRetrySeconds: e.WEBHOOK_RETRY_SECONDS,
  };
}

function s3Location(e: z.infer<typeof envSchema>): S3Location {
  const [bucket = '', ...prefix] = e.STORAGE_URL!.slice('s3://'.length).split('/');
  return {
    bucket,
    prefix: prefix.filter(Boolean).join('/'),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // S3-compatible servers are usually addressed by path; AWS itself by bucket host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  };
}

/** A secret generated on first start and kept in the data folder, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
