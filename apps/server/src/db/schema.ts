import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

// ---- Accounts (better-auth's tables; field names are the ones better-auth expects) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  username: text('username').unique(),
  displayUsername: text('display_username'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', {
      withTimezone: true,
      precision: 3,
    }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', {
      withTimezone: true,
      precision: 3,
    }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Team plans: an organization's members share their stories (spec 1 §2, 'Shared Team Story'). */
export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: createdAt(),
});

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [index('member_user_idx').on(t.userId), index('member_org_idx').on(t.organizationId)],
);

export const invitation = pgTable('invitation', {
  id: text('id').primaryKey(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role'),
  status: text('status').notNull().default('pending'),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  inviterId: text('inviter_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// ---- Stories ----

export const stories = pgTable(
  'stories',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    categoryId: text('category_id').notNull(),
    categoryInputs: jsonb('category_inputs').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    workflowRunId: text('workflow_run_id'),
    isTemplate: boolean('is_template').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isPreview: boolean('is_preview').notNull().default(false),
    isThumbnailModified: boolean('is_thumbnail_modified').notNull().default(false),
    isExportOutdated: boolean('is_export_outdated').notNull().default(false),
    pausedAt: timestamp('paused_at', { withTimezone: true, precision: 3 }),
    resumedAt: timestamp('resumed_at', { withTimezone: true, precision: 3 }),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    lastExportUrl: text('last_export_url'),
    lastExportThumbnailUrl: text('last_export_thumbnail_url'),
    originalThumbnailUrl: text('original_thumbnail_url'),
    contests: jsonb('contests').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    videoType: text('video_type'),
    musicDuration: real('music_duration'),
    numShots: integer('num_shots'),
    musicUrl: text('music_url'),
    skipVideoGeneration: boolean('skip_video_generation'),
    videoConsistentStyle: text('video_consistent_style'),
    advancedSettings: jsonb('advanced_settings').$type<Record<string, unknown>>(),
    storyboard: jsonb('storyboard').$type<Record<string, unknown>>(),
    videoEditorTimeline: jsonb('video_editor_timeline').$type<Record<string, unknown>>(),
    /** Bumped on every content write; the editor's sync refuses writes based on an older one. */
    version: integer('version').notNull().default(1),
    /** For a user's copy of an example story: the template it was copied from. */
    sourceTemplateId: text('source_template_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stories_user_created_idx').on(t.userId, t.createdAt),
    index('stories_published_idx')
      .on(t.publishedAt)
      .where(sql`${t.isPublished} and ${t.deletedAt} is null`),
    index('stories_template_idx').on(t.isTemplate),
    uniqueIndex('stories_user_template_copy_idx')
      .on(t.userId, t.sourceTemplateId)
      .where(sql`${t.sourceTemplateId} is not null`),
  ],
);

// ---- Workflows and the job engine ----

/** One row per workflow run; its status drives the story status strings of spec 1 §4. */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    storyId: text('story_id').references(() => stories.id, { onDelete: 'set null' }),
    /** Story-style status: processing:{stage}, paused, completed, failed:{stage}, canceled. */
    status: text('status').notNull(),
    /** Index of the step that runs next (or is running) in the workflow's step list. */
    stepIndex: integer('step_index').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    progress: integer('progress').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('workflow_runs_story_idx').on(t.storyId),
    index('workflow_runs_updated_idx').on(t.updatedAt),
  ],
);

/**
 * The parts of a step that runs spread over workers (a render's segments, a story's shots):
 * each part's result is kept as soon as it is done, so a retry redoes only unfinished parts.
 */
export const workflowParts = pgTable(
  'workflow_parts',
  {
    runId: text('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    partIndex: integer('part_index').notNull(),
    /** pending | running | done */
    status: text('status').notNull().default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The worker that last started it (and, once done, finished it). */
    workerId: text('worker_id'),
    /** How many times a worker started it: more than 1 after a retry or a dead worker. */
    attempts: integer('attempts').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepIndex, t.partIndex] })],
);

/** Live worker processes; each writes a heartbeat so others can tell when one has died. */
export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow(),
});

/** Which worker holds which active job; a dead worker's claims are failed so the job retries. */
/**
 * Who a stored file belongs to (ours): the user who made or uploaded it and, for a story's
 * media, the story. `/media/*` serves a story's files to whoever may read the story, everything
 * else to its owner only; avatars to everyone. Upload bytes count against the user's quota.
 */
export const mediaBlobs = pgTable(
  'media_blobs',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    storyId: text('story_id').references(() => stories.id, { onDelete: 'set null' }),
    /** upload | avatar | generated | export | thumbnail */
    kind: text('kind').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_blobs_user_idx').on(t.userId), index('media_blobs_story_idx').on(t.storyId)],
);

/**
 * How many times a job's worker died while running it. A job that has taken its worker down
 * twice is not run a third time (see JobEngine): it would most likely do it again.
 */
export const jobCrashes = pgTable('job_crashes', {
  jobId: text('job_id').primaryKey(),
  crashes: integer('crashes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export const jobClaims = pgTable(
  'job_claims',
  {
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: text('worker_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('job_claims_worker_idx').on(t.workerId)],
);

// ---- Credits ----

/** A user's credit balance (one row per user, made with the starting grant on first use). */
export const creditAccounts = pgTable('credit_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull(),
  /** Free full stories left (the "N FREE Story Left" promo). */
  freeStoriesLeft: integer('free_stories_left').notNull().default(3),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every credit movement: the starting grant, a charge when a run starts (negative), a refund
 * when it fails (positive). At most one charge and one refund per run, by a unique index.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** grant | charge | refund */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    creditType: text('credit_type'),
    workflowRunId: text('workflow_run_id'),
    /** A charge that used a free story (amount 0); its refund gives the free story back. */
    freeStory: boolean('free_story').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_run_kind_idx')
      .on(t.workflowRunId, t.kind)
      .where(sql`${t.workflowRunId} is not null`),
  ],
);

// ---- Tracking (community ranking and analytics) ----

/** Community engagement with a story: views, downloads and create-button clicks. */
export const storyEvents = pgTable(
  'story_events',
  {
    id: text('id').primaryKey(),
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** view | download | create_click */
    kind: text('kind').notNull(),
    recommId: text('recomm_id'),
    /** Who it was: `user:{id}`, or `ip:{hash}` for a visitor (see tracking-routes). */
    viewerKey: text('viewer_key'),
    createdAt: createdAt(),
  },
  (t) => [index('story_events_story_idx').on(t.storyId, t.kind)],
);

/**
 * One row per viewer, story and kind of event while its counting window is open: an event
 * counts only when it opens a window, so repeating it within the window counts once.
 */
export const trackingWindows = pgTable('tracking_windows', {
  key: text('key').primaryKey(),
  endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
});

/** One viewing of a story's video: how far it got (0..1, two decimals) and whether it ended. */
export const playSessions = pgTable(
  'play_sessions',
  {
    id: text('id').primaryKey(),
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    recommId: text('recomm_id'),
    /** The viewer who started it (`user:{id}` or `device:{id}`); only they may update it. */
    viewerKey: text('viewer_key'),
    portion: real('portion').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('play_sessions_story_idx').on(t.storyId)],
);

/** Product analytics events of the spec (editor_opened, story_shared_clicked, ...). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.createdAt)],
);

export const schema = {
  user,
  session,
  account,
  verification,
  organization,
  member,
  invitation,
  stories,
  workflowRuns,
  workers,
  jobClaims,
  jobCrashes,
  workflowParts,
  mediaBlobs,
  creditAccounts,
  creditLedger,
  storyEvents,
  trackingWindows,
  playSessions,
  analyticsEvents,
};

// ---- Characters ----

/**
 * A user's own characters (spec 2 §3): quick characters made from a name and one picture
 * (ids start with "local-"). Premade characters are the provider's, defined in code.
 */
export const characters = pgTable(
  'characters',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The reference picture, a file this server stores. */
    imageUrl: text('image_url').notNull(),
    /** quick (one picture) or trained. */
    referenceMode: text('reference_mode').notNull().default('quick'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('characters_user_created_idx').on(t.userId, t.createdAt)],
);

// ---- Story media resources ----

/**
 * The media a creator brought into a story's editor (spec 3 §3 "Media asset", §7 media resource
 * create / list / delete): uploads, picks from their history or library, and stock music.
 * Deleting marks the row; the file stays (another story may use the same upload).
 */
export const storyMediaResources = pgTable(
  'story_media_resources',
  {
    id: text('id').primaryKey(),
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** video | image | audio */
    resourceType: text('resource_type').notNull(),
    /** music | voiceover, for audio */
    subtype: text('subtype'),
    /** user_upload | generated */
    source: text('source').notNull(),
    shotId: text('shot_id'),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    title: text('title'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('story_media_resources_story_idx').on(t.storyId, t.createdAt),
    index('story_media_resources_user_idx').on(t.userId, t.createdAt),
  ],
);

// ---- Automation: personal API keys and webhooks ----

/**
 * A user's personal API keys (`sl_{prefix}_{secret}`): only the SHA-256 of the whole key is
 * kept; the prefix finds the row and is shown in the list. Revoking sets `revoked_at`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('api_keys_prefix_idx').on(t.prefix), index('api_keys_user_idx').on(t.userId)],
);

/** A user's webhook endpoints and the events each receives; deliveries are signed with `secret`. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * One event sent to one endpoint. Its id is the delivery id receivers de-duplicate by; the row
 * is created once per event and endpoint (the unique index), whatever retries follow.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's own id (e.g. the run id and event name): one delivery per event and endpoint. */
    eventKey: text('event_key').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastResponse: text('last_response'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
