import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@storyloom/core';
import { badRequest } from '../http/errors.js';

/**
 * Refuses (400) a multipart request whose Content-Type names no boundary: the multipart parser
 * cannot read it and would fail with an error that is not the client's to see. Called by every
 * upload route before it reads a part.
 */
export function requireMultipartBoundary(req: FastifyRequest): void {
  const type = req.headers['content-type'] ?? '';
  if (!/^\s*multipart\/form-data/i.test(type)) return;
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(type);
  if (!boundary) throw badRequest(MESSAGES.limits.multipartBoundary, 'BAD_MULTIPART');
}
