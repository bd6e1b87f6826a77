import type { FastifyInstance } from 'fastify';
import { findJsonHazard, jsonHazardMessage } from '@storyloom/core';
import { HttpError } from './errors.js';

/** Bodies of most calls are small; the ones carrying a whole timeline get `TIMELINE_BODY_LIMIT`. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** A timeline at the schema's bounds (10,000 items and assets) fits in this. */
export const TIMELINE_BODY_LIMIT = 16 * 1024 * 1024;

const badInput = (message: string) => new HttpError(400, 'INVALID_INPUT', message);

/**
 * Every JSON body, query string and path parameter is checked before any route sees it:
 * bounded nesting, string and list lengths, and no NUL characters or lone surrogates (the
 * database refuses them, and nothing a user means contains them). Routes behind this guard
 * include better-auth's, which validate less than ours do.
 */
export function installBodyGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    void parseJson(req, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const hazard = findJsonHazard(value);
      if (hazard) return done(badInput(jsonHazardMessage(hazard)), undefined);
      done(null, value);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const hazard = findJsonHazard(req.params) ?? findJsonHazard(req.query);
    done(hazard ? badInput(jsonHazardMessage(hazard)) : undefined);
  });
}
