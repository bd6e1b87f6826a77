import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody } from './api-error';

describe('apiErrorFromBody', () => {
  it('uses the server message and code', () => {
    const error = apiErrorFromBody(404, 'Not Found', { error: 'not_found', message: 'No story' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No story' });
  });

  it('falls back to the error code when there is no message', () => {
    expect(apiErrorFromBody(400, 'Bad Request', { error: 'Invalid workflow ID' }).message).toBe(
      'Invalid workflow ID',
    );
  });

  it('falls back to the status text for bodies that are not errors', () => {
    expect(apiErrorFromBody(500, 'Server Error', 'oops').message).toBe('Server Error');
    expect(apiErrorFromBody(502, '', null).message).toBe('Request failed with status 502');
  });
});
