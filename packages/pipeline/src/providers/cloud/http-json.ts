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

export async function httpJson<T>(url: string, options: HttpOptions): Promise<T> {
  return (await (await httpRequest(url, options)).json()) as T;
}

export async function httpBytes(url: string, options: HttpOptions): Promise<Buffer> {
  return Buffer.from(await (await httpRequest(url, options)).arrayBuffer());
}
