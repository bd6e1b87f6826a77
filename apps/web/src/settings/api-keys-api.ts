import { z } from 'zod';
import {
  apiKeyCreatedSchema,
  apiKeySchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@storyloom/core';
import { requestJson, requestNoContent } from '../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/keys: the signed-in user's live keys (prefix only). */
export async function fetchApiKeys(): Promise<ApiKey[]> {
  return (await requestJson('/api/keys', z.object({ keys: z.array(apiKeySchema) }))).keys;
}

/** POST /api/keys: the answer holds the whole key, shown this once. */
export function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return requestJson('/api/keys', apiKeyCreatedSchema, { method: 'POST', body: { ...input } });
}

/** DELETE /api/keys/:id: refused from the next call on. */
export function revokeApiKey(id: string): Promise<void> {
  return requestNoContent(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
