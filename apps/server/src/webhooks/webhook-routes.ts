import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  MESSAGES,
  WEBHOOK_LIMITS,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { conflict, notFound } from '../http/errors.js';
import { webhookJson } from './webhook-repository.js';
import type { WebhookService } from './webhook-service.js';

export function webhookRoutes(app: FastifyInstance, ctx: AppContext, webhooks: WebhookService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const { repository } = webhooks;

  r.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Your webhooks and their latest deliveries',
        response: { 200: z.object({ webhooks: z.array(webhookSchema) }) },
      },
    },
    async (req) => ({ webhooks: await repository.list((await requireUser(ctx.auth, req)).id) }),
  );

  r.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook; the answer is the only time its signing secret is shown',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (req, reply) => {
      const me = await requireUser(ctx.auth, req);
      webhooks.checkUrl(req.body.url);
      if ((await repository.endpointCount(me.id)) >= WEBHOOK_LIMITS.perUser)
        throw conflict(
          MESSAGES.automation.tooManyWebhooks(WEBHOOK_LIMITS.perUser),
          'TOO_MANY_WEBHOOKS',
        );
      const secret = webhooks.newSecret();
      const row = await repository.createEndpoint({
        userId: me.id,
        url: req.body.url,
        events: [...new Set(req.body.events)],
        secret,
      });
      return reply.code(201).send({ ...webhookJson(row, []), secret });
    },
  );

  r.delete(
    '/api/webhooks/:id',
    {
      schema: { tags, summary: 'Delete a webhook', params: z.object({ id: idSchema }) },
    },
    async (req, reply) => {
      const me = await requireUser(ctx.auth, req);
      if (!(await repository.deleteEndpoint(me.id, req.params.id))) throw notFound('Webhook');
      return reply.code(204).send();
    },
  );
}
