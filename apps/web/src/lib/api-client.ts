import type { z } from 'zod';
import { apiErrorFromBody } from './api-error';

type JsonBody = Record<string, unknown>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: JsonBody;
  signal?: AbortSignal;
}

async function send(path: string, { method = 'GET', body, signal }: RequestOptions) {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) {
    const errorBody: unknown = await response.json().catch(() => null);
    throw apiErrorFromBody(response.status, response.statusText, errorBody);
  }
  return response;
}

/** Calls a same-origin JSON endpoint and validates the answer with `schema`. */
export async function requestJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.output<Schema>> {
  const response = await send(path, options);
  const json: unknown = await response.json();
  return schema.parse(json);
}

/** Calls an endpoint whose answer carries no body we need (e.g. 204 No Content). */
export async function requestNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}

/** Builds `path?key=value` from the defined, non-empty params. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
