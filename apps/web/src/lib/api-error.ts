/** An error answer from the server: `{error, message}` with its HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the server's `{error, message}` body, falling back to the status text. */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    const code = typeof error === 'string' ? error : 'unknown';
    if (typeof message === 'string' && message.length > 0)
      return new ApiError(status, code, message);
    if (typeof error === 'string' && error.length > 0) return new ApiError(status, code, error);
  }
  return new ApiError(status, 'unknown', statusText || `Request failed with status ${status}`);
}
