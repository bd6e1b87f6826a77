import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, WEBHOOK_HEADERS, type ApiKeyCreated, type Webhook } from '@storyloom/core';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature.js';
import { DATABASES, signUp, startTestServer, waitFor, type TestServer } from './helpers.js';

/** A local receiver answering each request with the next status of `answers` (then 200). */
export async function startReceiver(answers: number[] = []) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

export const SIXTY_WORDS =
  'Every morning the harbor wakes before the town. Fishermen check their nets, gulls argue ' +
  'over scraps, and the baker opens her shutters to the smell of salt. By nine the ferry ' +
  'arrives with visitors who photograph everything. By noon the boats are back, the market ' +
  'is loud, and the whole town gathers to share fresh bread and the day’s best stories.';

describe.each(DATABASES)('webhooks (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      env: { WORKER_PROCESSES: '0', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SECONDS: '1' },
    });
  }, 120_000);
  afterAll(() => server?.stop());

  const call = (key: string, method: string, url: string, body?: unknown) =>
    fetch(server.baseUrl + url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json().catch(() => null)) as Record<string, unknown>,
    }));

  it('delivers a key-made explainer’s story.completed, signed, retried after two 500s', async () => {
    const receiver = await startReceiver([500, 500]);
    try {
      const alice = await signUp(server.baseUrl, 'Alice');
      const key = (
        await alice.client.post('/api/keys', {
          name: 'Batch',
          scopes: ['stories:read', 'stories:write'],
        })
      ).body as unknown as ApiKeyCreated;
      const hook = await call(key.key, 'POST', '/api/webhooks', {
        url: receiver.url,
        events: ['story.completed', 'story.failed'],
      });
      expect(hook.status).toBe(201);
      const secret = hook.body.secret as string;
      expect(secret).toMatch(/^whsec_/);

      const start = await call(key.key, 'POST', '/stories/workflow/generate_script_to_video', {
        script_content: SIXTY_WORDS,
        auto_rewrite: false,
      });
      expect(start.status).toBe(200);
      const runId = start.body.workflowRunId as string;

      await waitFor(
        () => receiver.received.length,
        (n) => n >= 3,
        240_000,
      );
      const [first, , third] = receiver.received;
      const ids = new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id]));
      expect(ids.size).toBe(1);
      for (const request of receiver.received) {
        const timestamp = Number(request.headers[WEBHOOK_HEADERS.timestamp]);
        expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(300);
        expect(
          verifyWebhookSignature(
            secret,
            timestamp,
            request.body,
            String(request.headers[WEBHOOK_HEADERS.signature]),
          ),
        ).toBe(true);
        // A changed body does not verify.
        expect(
          verifyWebhookSignature(
            secret,
            timestamp,
            request.body.replace('completed', 'failed'),
            String(request.headers[WEBHOOK_HEADERS.signature]),
          ),
        ).toBe(false);
      }
      expect(first!.headers[WEBHOOK_HEADERS.event]).toBe('story.completed');
      const payload = JSON.parse(third!.body) as {
        id: string;
        event: string;
        data: Record<string, unknown>;
      };
      expect(payload).toMatchObject({
        id: first!.headers[WEBHOOK_HEADERS.id],
        event: 'story.completed',
        data: { workflow_run_id: runId, status: 'completed' },
      });

      const listed = await waitFor(
        async () => (await call(key.key, 'GET', '/api/webhooks')).body as { webhooks: Webhook[] },
        (l) => l.webhooks[0]?.deliveries[0]?.status === 'delivered',
        10_000,
      );
      expect(listed.webhooks[0]!.deliveries).toHaveLength(1);
      expect(listed.webhooks[0]!.deliveries[0]).toMatchObject({
        attempts: 3,
        lastStatusCode: 200,
        lastResponse: 'thanks',
      });
      // Delivered: not sent again.
      await new Promise((r) => setTimeout(r, 3000));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  }, 300_000);

  it('refuses addresses off the public internet unless the operator allows this machine', async () => {
    const bob = await signUp(server.baseUrl, 'Bob');
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/',
    ]) {
      const res = await bob.client.post('/api/webhooks', { url, events: ['story.completed'] });
      expect(res.status).toBe(400);
      expect([MESSAGES.automation.webhookHttps, MESSAGES.automation.webhookAddress]).toContain(
        res.body.message,
      );
    }
    const bad = await bob.client.post('/api/webhooks', {
      url: 'ftp://x',
      events: ['story.completed'],
    });
    expect(bad.status).toBe(400);
    const noEvents = await bob.client.post('/api/webhooks', {
      url: 'https://example.com',
      events: [],
    });
    expect(noEvents.status).toBe(400);
  });
});
