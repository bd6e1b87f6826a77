import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, WEBHOOK_HEADERS, type WebhookEvent } from '@storyloom/core';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  guardedLookup,
  isLoopbackAddress,
  isPrivateAddress,
  PUBLIC_NETWORK,
  type AddressNetwork,
} from '../http/address-guard.js';
import { badRequest } from '../http/errors.js';
import type { JobContext, JobEngine } from '../jobs/job-engine.js';
import { EXPORT_WORKFLOW, RENDER_WORKFLOW } from '../render/render-workflows.js';
import type { WorkflowRun } from '../workflow/workflow-service.js';
import { WebhookRepository } from './webhook-repository.js';
import { webhookSignature } from './webhook-signature.js';

export const WEBHOOK_QUEUE = 'webhook.deliver';

/** Attempts per delivery: the pauses between them double from WEBHOOK_RETRY_SECONDS, up to 1 h. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
const MAX_PAUSE_SECONDS = 3600;
const TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer. */
const RESPONSE_KEPT = 500;

interface DeliveryJob {
  deliveryId: string;
  /** The attempt this job makes (0-based): a job whose attempt was already made does nothing. */
  attempt: number;
}

export function webhookRetryDelaySeconds(attemptsMade: number, firstSeconds: number): number {
  return Math.min(
    firstSeconds * 2 ** Math.min(20, Math.max(0, attemptsMade - 1)),
    MAX_PAUSE_SECONDS,
  );
}

const loopbackHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || (isIP(bare) !== 0 && isLoopbackAddress(bare));
};

/**
 * Webhooks: endpoints a user registers for their runs' events; each event becomes one signed
 * delivery per endpoint, sent by jobs on the job engine (so a delivery survives restarts and
 * is sent at least once, with the same delivery id each time) and retried with exponential
 * backoff. Addresses follow the music link's rules (http/address-guard.ts): no private,
 * loopback or link-local targets after name resolution, no redirects followed; the operator
 * may allow this machine over plain http for tests (WEBHOOK_ALLOW_LOOPBACK).
 */
export class WebhookService {
  readonly repository: WebhookRepository;
  private readonly network: AddressNetwork;

  constructor(
    database: Database,
    private readonly engine: JobEngine,
    private readonly config: Pick<Config, 'webhookAllowLoopback' | 'webhookRetrySeconds'>,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.repository = new WebhookRepository(database);
    this.network = config.webhookAllowLoopback
      ? {
          resolve: (host) => PUBLIC_NETWORK.resolve(host),
          isBlocked: (address) => isPrivateAddress(address) && !isLoopbackAddress(address),
        }
      : PUBLIC_NETWORK;
    engine.define<DeliveryJob>({
      name: WEBHOOK_QUEUE,
      handler: (job) => this.deliver(job),
      retryLimit: 2,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
    });
  }

  /** Throws a 400 unless `url` is an address deliveries may go to (before name resolution). */
  checkUrl(url: string): void {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const loopback = loopbackHost(host);
    if (loopback && this.config.webhookAllowLoopback) return;
    if (parsed.protocol !== 'https:') throw badRequest(MESSAGES.automation.webhookHttps);
    if (loopback || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))
      throw badRequest(MESSAGES.automation.webhookAddress);
  }

  newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64url')}`;
  }

  /** Records and queues `event` for every endpoint of `userId` that receives it. */
  async emit(
    userId: string,
    event: WebhookEvent,
    eventKey: string,
    data: Record<string, unknown>,
  ): Promise<void> {
    const endpoints = await this.repository.subscribers(userId, event);
    const created = new Date().toISOString();
    const deliveries = await this.repository.recordDeliveries(
      endpoints.map((e) => e.id),
      eventKey,
      event,
      (id) => ({ id, event, created_at: created, data }),
    );
    for (const delivery of deliveries)
      await this.engine.send<DeliveryJob>(WEBHOOK_QUEUE, { deliveryId: delivery.id, attempt: 0 });
  }

  /** The events of a finished workflow run (called by WorkflowService.onRunFinished). */
  async runFinished(run: WorkflowRun): Promise<void> {
    if (!run.userId) return;
    const completed = run.status === 'completed';
    const isExport = run.kind === EXPORT_WORKFLOW || run.kind === RENDER_WORKFLOW;
    if (isExport && !completed) return;
    const event: WebhookEvent = isExport
      ? 'export.completed'
      : completed
        ? 'story.completed'
        : 'story.failed';
    if (!run.storyId && !isExport) return;
    const url = typeof run.state.url === 'string' ? run.state.url : undefined;
    await this.emit(run.userId, event, `run:${run.id}:${event}`, {
      story_id: run.storyId,
      workflow_run_id: run.id,
      workflow: run.kind,
      status: run.status,
      ...(run.error ? { error: run.error } : {}),
      ...(url ? { url } : {}),
    });
  }

  private async deliver(job: JobContext<DeliveryJob>): Promise<void> {
    const { deliveryId, attempt } = job.data;
    const found = await this.repository.delivery(deliveryId);
    if (!found) return; // its endpoint was deleted
    const { delivery } = found;
    if (delivery.status !== 'pending' || delivery.attempts !== attempt) return;
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let outcome: { code: number | null; response: string };
    try {
      this.checkUrl(found.url);
      outcome = await this.post(found.url, body, {
        'content-type': 'application/json',
        'user-agent': 'Storyloom webhooks',
        [WEBHOOK_HEADERS.id]: delivery.id,
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignature(found.secret, timestamp, body),
      });
    } catch (error) {
      outcome = { code: null, response: error instanceof Error ? error.message : String(error) };
    }
    const ok = outcome.code !== null && outcome.code >= 200 && outcome.code < 300;
    const last = attempt + 1 >= WEBHOOK_MAX_ATTEMPTS;
    // The next attempt is queued before this one is recorded: a worker dying in between leaves
    // this attempt to be made again (same delivery id), never no attempt at all.
    if (!ok && !last)
      await this.engine.send<DeliveryJob>(
        WEBHOOK_QUEUE,
        { deliveryId, attempt: attempt + 1 },
        {
          startAfterSeconds: webhookRetryDelaySeconds(attempt + 1, this.config.webhookRetrySeconds),
        },
      );
    await this.repository.recordAttempt(deliveryId, attempt, {
      status: ok ? 'delivered' : last ? 'failed' : 'pending',
      code: outcome.code,
      response: outcome.response.slice(0, RESPONSE_KEPT),
    });
    if (!ok)
      this.logger.info(
        { deliveryId, attempt, statusCode: outcome.code },
        'webhook delivery not accepted',
      );
  }

  /** POSTs `body`; redirects are not followed (they count as not accepted). */
  private post(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ code: number; response: string }> {
    const target = new URL(url);
    const lookup = guardedLookup(this.network, () => new Error(MESSAGES.automation.webhookAddress));
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        target,
        { method: 'POST', lookup, timeout: TIMEOUT_MS, headers },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < RESPONSE_KEPT) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({
              code: res.statusCode ?? 0,
              response: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('The endpoint did not answer in time')));
      req.on('error', reject);
      req.end(body);
    });
  }
}
