/** An error with an HTTP status and a stable code; its message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', 'Sign in to continue');
/** Also used for stories that exist but are not the caller's, so their existence is not leaked. */
export const notFound = (what = 'Story') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new HttpError(400, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, code, message);
