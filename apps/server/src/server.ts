import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { createFastify, registerApp } from './app.js';
import { createAuth } from './auth/auth.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import type { PGlite } from '@electric-sql/pglite';
import { JobEngine } from './jobs/job-engine.js';
import { UserWorkLimits } from './jobs/user-work-limits.js';
import { openParentDatabase, pgliteListen } from './jobs/worker-database.js';
import { superviseWorkers, type WorkerSupervisor } from './jobs/worker-supervisor.js';
import { seedDemoContent } from './seed/demo-content.js';
import { LocalBlobStore } from './storage/local-blob-store.js';
import { MediaRegistry } from './storage/media-registry.js';
import { S3BlobStore } from './storage/s3-blob-store.js';
import {
  cloudVendorsFromEnv,
  LOCAL_MUSIC_LIBRARY,
  LOCAL_SONGS,
  LocalMusic,
  LocalVoice,
  ModelCatalog,
  providersFromEnv,
  type Providers,
} from '@storyloom/pipeline';
import { importMusicFolder } from './music/music-import.js';
import { startMaintenance } from './maintenance.js';
import { generationWorkflows } from './generation/generation-workflows.js';
import { actionVideoWorkflow } from './media/action-video-service.js';
import { vlogWorkflows } from './generation/vlog-workflows.js';
import { musicVideoWorkflows } from './generation/music-video-workflows.js';
import type { MusicLinkNetwork } from './http/music-link-fetcher.js';
import { renderWorkflows } from './render/render-workflows.js';
import { WorkflowService, type WorkflowDefinition } from './workflow/workflow-service.js';
import { WebhookService } from './webhooks/webhook-service.js';

export interface Storyloom {
  app: FastifyInstance;
  /** The supervised worker processes, in the `all` mode started with `workerProgram`. */
  supervisor: WorkerSupervisor | undefined;
  ctx: AppContext;
  engine: JobEngine;
  /** The address it listens on, when serving. */
  url: string | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra workflow definitions (the product's arrive with their capabilities; tests add their own). */
  workflows?: WorkflowDefinition[];
  /** Providers replacing the local ones (tests force failures this way). */
  providers?: Partial<Providers>;
  /** Name resolution and address rules for music links (tests use a local fake server). */
  musicLinkNetwork?: MusicLinkNetwork;
  /**
   * How to start this program as a worker (its entry and arguments): in the `all` mode the
   * jobs then run in supervised child processes (`WORKER_PROCESSES`), not in this one.
   */
  workerProgram?: { modulePath: string; args: string[] };
}

/**
 * Starts Storyloom in the configured mode: `serve` answers HTTP, `worker` runs jobs, `all` does
 * both (the default, and the only choice with the embedded database). Given `workerProgram`,
 * `all` answers HTTP here and runs the jobs in supervised worker processes, which reach the
 * embedded database through this one.
 */
export async function startStoryloom(
  config: Config,
  options: StartOptions = {},
): Promise<Storyloom> {
  const app = createFastify(config);
  const supervise =
    config.mode === 'all' && config.workerProcesses > 0 ? options.workerProgram : undefined;
  const database =
    config.supervised && !config.databaseUrl
      ? openParentDatabase()
      : await openDatabase({
          ...config,
          onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
        });
  // The embedded database, when this process has it and serves it to its workers.
  const pglite =
    supervise && database.kind === 'pglite'
      ? (database.db as unknown as { $client: PGlite }).$client
      : undefined;
  // Its workers' status changes reach this process's streams as NOTIFYs through it.
  if (pglite) database.listen = pgliteListen(pglite);
  const works = config.mode === 'worker' || (config.mode === 'all' && !supervise);
  const engine = new JobEngine({
    database,
    logger: app.log,
    heartbeatSeconds: config.heartbeatSeconds,
    concurrency: config.workerConcurrency,
  });
  const workflows = new WorkflowService(database, engine, app.log, {
    backgroundRetrySeconds: config.backgroundRetrySeconds,
  });
  for (const definition of options.workflows ?? []) workflows.register(definition);
  const webhooks = new WebhookService(database, engine, config, app.log);
  workflows.onRunFinished((run) => webhooks.runFinished(run));
  const music = new LocalMusic(
    config.musicImportDir ? await importMusicFolder(config.musicImportDir, app.log) : [],
    path.join(config.dataDir, 'music-library'),
  );
  const ctx: AppContext = {
    config,
    database,
    auth: createAuth(config, database),
    blobs: config.storage
      ? new S3BlobStore(config.storage)
      : new LocalBlobStore(path.join(config.dataDir, 'media')),
    media: new MediaRegistry(database, config.publicUrl),
    workflows,
    webhooks,
    work: new UserWorkLimits(),
    providers: { ...providersFromEnv(process.env), music, ...options.providers },
    music,
    models: new ModelCatalog(cloudVendorsFromEnv(process.env)),
    ...(options.musicLinkNetwork ? { musicLinkNetwork: options.musicLinkNetwork } : {}),
  };
  const speech = ctx.providers.speech;
  if (speech instanceof LocalVoice && speech.fallbackNotice) app.log.warn(speech.fallbackNotice);
  for (const definition of renderWorkflows(ctx, app.log)) workflows.register(definition);
  for (const definition of generationWorkflows(ctx, app.log)) workflows.register(definition);
  workflows.register(actionVideoWorkflow(ctx, app.log));
  for (const definition of vlogWorkflows(ctx, app.log)) workflows.register(definition);
  for (const definition of musicVideoWorkflows(ctx, app.log)) workflows.register(definition);
  await registerApp(app, ctx);
  const maintenance = startMaintenance(ctx, app.log);
  await maintenance.ready;
  await engine.start({ work: works });
  // Workers run jobs; only processes with status streams need to hear about other processes.
  const stopListening =
    config.mode !== 'worker' ? await workflows.listenToOtherProcesses() : () => Promise.resolve();

  const background = new AbortController();
  // Media work belongs to the workers when they are supervised processes.
  if (config.musicPrerender && !supervise)
    void prerenderStockMusic(music, app.log, background.signal);

  let url: string | undefined;
  if (config.mode !== 'worker') {
    if (config.seedDemo) await seedDemoContent(ctx, app.log);
    url = await app.listen({ port: config.port, host: config.host });
  }
  const supervisor: WorkerSupervisor | undefined = supervise
    ? superviseWorkers({
        count: config.workerProcesses,
        database,
        pglite,
        logger: app.log,
        ...supervise,
      })
    : undefined;
  app.log.info(
    { mode: config.mode, database: database.kind, url, workerPids: supervisor?.pids() },
    'Storyloom started',
  );

  let closing: Promise<void> | undefined;
  return {
    app,
    supervisor,
    ctx,
    engine,
    url,
    close() {
      closing ??= (async () => {
        // Told first, so workers stopping now are not started again.
        const workersStopped = supervisor?.stop();
        maintenance.stop();
        background.abort();
        await app.close();
        await workersStopped;
        await stopListening();
        await engine.stop();
        await database.close();
      })();
      return closing;
    },
  };
}

/**
 * The background job that plays the composed stock library into cached files, one track at a
 * time, so the music picker and stories never wait for a render (a track asked for before its
 * turn is rendered on the spot, once).
 */
async function prerenderStockMusic(
  music: LocalMusic,
  log: FastifyInstance['log'],
  signal: AbortSignal,
): Promise<void> {
  const started = Date.now();
  // The songs with sung words first: they are the trending list's "With lyrics".
  const composed = [...LOCAL_SONGS, ...LOCAL_MUSIC_LIBRARY];
  try {
    const rendered = await music.stock.renderAll(composed, signal);
    if (rendered > 0 && !signal.aborted)
      log.info(
        { tracks: rendered, seconds: Math.round((Date.now() - started) / 1000) },
        'stock music library rendered',
      );
  } catch (error) {
    if (!signal.aborted)
      log.warn(
        { err: error },
        'stock music library could not be rendered; tracks render when asked for',
      );
  }
}
