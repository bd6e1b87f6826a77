import type { LocalMusic, ModelCatalog, Providers } from '@storyloom/pipeline';
import type { Auth } from './auth/auth.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { BlobStore } from './storage/blob-store.js';
import type { UserWorkLimits } from './jobs/user-work-limits.js';
import type { MediaRegistry } from './storage/media-registry.js';
import type { WorkflowService } from './workflow/workflow-service.js';
import type { WebhookService } from './webhooks/webhook-service.js';

/** What route plugins and services share within one process. */
import type { MusicLinkNetwork } from './http/music-link-fetcher.js';

export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  blobs: BlobStore;
  /** Who each stored file belongs to (media privacy, storage quotas). */
  media: MediaRegistry;
  workflows: WorkflowService;
  /** Each user's heavy requests in progress (caption detection, song analysis), bounded. */
  work: UserWorkLimits;
  /** The AI providers generation runs on (local ones unless configured otherwise). */
  providers: Providers;
  /** The stock music library (composed tracks plus the operator's imported folder). */
  music: LocalMusic;
  /** The advanced settings' model choices and each request's image/video model. */
  models: ModelCatalog;
  /** Users' webhooks: events recorded and delivered as jobs. */
  webhooks: WebhookService;
  /** How music links reach the network (tests point allowed hosts at a local fake server). */
  musicLinkNetwork?: MusicLinkNetwork;
}
