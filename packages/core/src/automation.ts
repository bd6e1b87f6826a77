import { z } from 'zod';

/** What a personal API key may do; each API route needs one of them (server: api-keys/scopes.ts). */
export const API_KEY_SCOPES = ['stories:read', 'stories:write', 'media:write', 'publish'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = { nameMax: 60, perUser: 25 } as const;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_LIMITS.nameMax),
  scopes: z.array(apiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as listed: never the key itself, only its prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const WEBHOOK_EVENTS = [
  'story.completed',
  'story.failed',
  'export.completed',
  'caption.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = { perUser: 10, urlMax: 2048 } as const;

/**
 * The headers of a webhook delivery. The signature is `v1=` and the hex HMAC-SHA256, keyed by
 * the endpoint's secret, of `{timestamp}.{body}` (timestamp: the `Storyloom-Timestamp` header,
 * Unix seconds; body: the raw request body).
 */
export const WEBHOOK_HEADERS = {
  id: 'storyloom-delivery',
  event: 'storyloom-event',
  timestamp: 'storyloom-timestamp',
  signature: 'storyloom-signature',
} as const;

export const webhookCreateSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(WEBHOOK_LIMITS.urlMax),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastResponse: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  /** Its latest deliveries, newest first. */
  deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to creating a webhook: the only time its signing secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
