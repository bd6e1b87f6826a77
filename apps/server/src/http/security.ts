import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { MESSAGES } from '@storyloom/core';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a state-changing request may come from where the browser says it comes from: its
 * Origin (which a page cannot forge) must be this server's public address or the address the
 * request was sent to. Requests without an Origin (other programs than browsers) pass: the
 * session cookie is SameSite=Lax, so a browser never sends it cross-site on these methods.
 */
export function isAllowedOrigin(req: FastifyRequest, trusted: readonly string[]): boolean {
  if (!STATE_CHANGING.has(req.method)) return true;
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
  if (trusted.includes(origin)) return true;
  const parsed = URL.parse(origin);
  return parsed !== null && parsed.host === req.headers.host;
}

/**
 * Security headers on every answer (a CSP fit for the web app: its own scripts only, media
 * from this server, blob: and data: for pictures and sounds made in the page; no framing;
 * a strict referrer policy; HSTS when served over https), and the Origin check above.
 */
export async function installSecurity(
  app: FastifyInstance,
  config: { publicUrl: string },
  /** The origins a state-changing request may come from (the same list sign-in trusts). */
  trusted: readonly string[],
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and some components add style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (req, _reply, done) => {
    done(
      isAllowedOrigin(req, trusted)
        ? undefined
        : new HttpError(403, 'FORBIDDEN_ORIGIN', MESSAGES.limits.forbiddenOrigin),
    );
  });
}
