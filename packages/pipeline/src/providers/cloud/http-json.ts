import type { z } from 'zod';

/** A vendor call that failed: the provider name, the status and the vendor's own message. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

export interface HttpOptions {
  provider: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  body?: FormData;
  timeoutMs?: number;
}

/** fetch with a timeout and the vendor's error message on failure. */
export async function httpRequest(url: string, options: HttpOptions): Promise<Response> {
  const response = await fetch(url, {
    method: options.method ?? (options.json !== undefined || options.body ? 'POST' : 'GET'),
    headers: {
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = text.slice(0, 300) || response.statusText;
    try {
      const parsed = JSON.parse(text) as {
        error?: { message?: string } | string;
        detail?: unknown;
      };
      const error = parsed.error;
      message =
        typeof error === 'string'
          ? error
          : (error?.message ?? (parsed.detail ? JSON.stringify(parsed.detail) : message));
    } catch {
      // not JSON: keep the text
    }
    throw new ProviderError(
      options.provider,
      response.status,
      `HTTP ${response.status}: ${message}`,
    );
  }
  return response;
}

/** The status of a vendor reply we cannot read (the vendor's gateway answered, wrongly). */
const UNREADABLE_REPLY = 502;

/**
 * A vendor's reply read with the schema of the fields we use; a reply that does not match is
 * the vendor's error, naming the first field that does not fit.
 */
export function readReply<Schema extends z.ZodType>(
  provider: string,
  schema: Schema,
  reply: unknown,
): z.output<Schema> {
  const result = schema.safeParse(reply);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the reply';
  throw new ProviderError(
    provider,
    UNREADABLE_REPLY,
    `unexpected reply: ${where}: ${issue?.message ?? 'does not match'}`,
  );
}

/** A vendor's JSON reply, read with the schema of the fields we use (see `readReply`). */
export async function httpJson<Schema extends z.ZodType>(
  url: string,
  options: HttpOptions,
  schema: Schema,
): Promise<z.output<Schema>> {
  const response = await httpRequest(url, options);
  let reply: unknown;
  try {
    reply = await response.json();
  } catch {
    throw new ProviderError(options.provider, UNREADABLE_REPLY, 'unexpected reply: not JSON');
  }
  return readReply(options.provider, schema, reply);
}

export async function httpBytes(url: string, options: HttpOptions): Promise<Buffer> {
  return Buffer.from(await (await httpRequest(url, options)).arrayBuffer());
}
