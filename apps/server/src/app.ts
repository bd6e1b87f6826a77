import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@storyloom/core';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { trustedOrigins } from './auth/auth.js';
import { apiKeyRoutes } from './api-keys/api-key-routes.js';
import { authRoutes } from './auth/auth-routes.js';
import { webhookRoutes } from './webhooks/webhook-routes.js';
import { DEFAULT_BODY_LIMIT, installBodyGuard } from './http/body-guard.js';
import { HttpError } from './http/errors.js';
import { installRateLimits } from './http/rate-limits.js';
import { installSecurity } from './http/security.js';
import { mediaRoutes } from './media/media-routes.js';
import { characterRoutes } from './characters/character-routes.js';
import { fontRoutes } from './render/font-routes.js';
import { generationRoutes } from './generation/generation-routes.js';
import { vlogRoutes } from './generation/vlog-routes.js';
import { musicRoutes } from './music/music-routes.js';
import { mediaResourceRoutes } from './media/media-resource-routes.js';
import { actionVideoRoutes } from './media/action-video-routes.js';
import { songRoutes } from './music/song-routes.js';
import { musicVideoRoutes } from './generation/music-video-routes.js';
import { renderRoutes } from './render/render-routes.js';
import { authorProfileRoutes } from './profiles/author-profile-routes.js';
import { storyRoutes } from './stories/story-routes.js';
import { trackingRoutes } from './tracking/tracking-routes.js';
import { storySyncRoutes } from './stories/story-sync-routes.js';
import { captionRoutes } from './captions/caption-routes.js';
import { shotRoutes } from './stories/shot-routes.js';
import { serveWebApp } from './web/web-app.js';
import { workflowRoutes } from './workflow/workflow-routes.js';

export function createFastify(config: Pick<Config, 'logLevel' | 'trustProxy'>): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // API keys, session cookies and webhook signatures never reach the logs.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Every id the API accepts (at most LIMITS.idLength) fits in a path parameter.
    maxParamLength: LIMITS.idLength,
    // Only a configured proxy may name the client address (X-Forwarded-For); otherwise it is
    // the connection's, so rate limits cannot be dodged with a made-up header.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installBodyGuard(app);
  return app;
}

/** Registers every route of the product on the instance. */
export async function registerApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler((error, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      return reply.code(400).send({
        error: 'VALIDATION_ERROR',
        message: first
          ? `${first.field || error.validationContext}: ${first.message}`
          : 'Invalid request',
        issues,
      });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.code, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      const code = (error as { code?: string }).code ?? 'BAD_REQUEST';
      return reply.code(status).send({ error: code, message: (error as Error).message });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'INTERNAL', message: 'Something went wrong' });
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Storyloom API',
        description: 'Stories, workflows, media and accounts of the Storyloom video-story studio.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await installSecurity(app, ctx.config, trustedOrigins(ctx.config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(cookie);
  await app.register(multipart);
  await installRateLimits(app);

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), mode: z.string(), database: z.string() }),
        },
      },
    },
    async () => {
      await ctx.database.executeSql('select 1');
      return { status: 'ok' as const, mode: ctx.config.mode, database: ctx.database.kind };
    },
  );

  apiKeyRoutes(app, ctx);
  authRoutes(app, ctx);
  webhookRoutes(app, ctx, ctx.webhooks);
  mediaRoutes(app, ctx);
  characterRoutes(app, ctx);
  storyRoutes(app, ctx);
  storySyncRoutes(app, ctx);
  captionRoutes(app, ctx);
  shotRoutes(app, ctx);
  workflowRoutes(app, ctx);
  trackingRoutes(app, ctx);
  renderRoutes(app, ctx);
  generationRoutes(app, ctx);
  vlogRoutes(app, ctx);
  musicRoutes(app, ctx);
  songRoutes(app, ctx);
  actionVideoRoutes(app, ctx);
  mediaResourceRoutes(app, ctx);
  musicVideoRoutes(app, ctx);
  fontRoutes(app, ctx);
  authorProfileRoutes(app, ctx);
  await serveWebApp(app, ctx);
}
