import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, type ApiKeyCreated, type Webhook } from '@storyloom/core';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature.js';
import { signUp, waitFor } from './helpers.js';
import { stillRenderRequest, uploadStill } from './render-fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WAIT_MS = 240_000;

/**
 * A worker killed (SIGKILL) while it sends a webhook: the delivery is sent again by the next
 * worker with the same delivery id, acknowledged once, and never sent after that.
 */
describe('webhook deliveries across a worker’s death', () => {
  let main: ChildProcess;
  let dir: string;
  let baseUrl: string;
  const logs: Record<string, unknown>[] = [];

  // The receiver holds the first request open until the test has killed the worker sending it.
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let acknowledged = 0;
  let releaseFirst: (() => void) | undefined;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.on('finish', () => acknowledged++);
        // Answered once: the test releases the held request, and so does the clean-up.
        const answer = () => {
          if (!res.headersSent && !res.destroyed) res.writeHead(200).end('ok');
        };
        if (received.length === 1) releaseFirst = answer;
        else answer();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-webhook-crash-'));
    main = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(here, '..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        MUSIC_PRERENDER: 'false',
        WORKER_HEARTBEAT_SECONDS: '0.5',
        EXPORT_MAX_SIDE: '640',
        WORKER_CONCURRENCY: '1',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_RETRY_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    main.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    });
    const started = await waitFor(
      () => logs.find((l) => l.msg === 'Storyloom started' && l.mode === 'all'),
      Boolean,
      WAIT_MS,
    );
    baseUrl = String(started!.url).replace('localhost', '127.0.0.1');
  }, 300_000);

  afterAll(async () => {
    releaseFirst?.();
    if (main && main.exitCode === null) {
      const exited = new Promise((r) => main.once('exit', r));
      main.kill('SIGTERM');
      await exited;
    }
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const workerPids = () =>
    logs.filter((l) => l.msg === 'Storyloom started' && l.mode === 'worker').map((l) => l.pid);

  it('is sent again with the same id after a kill -9 mid-delivery, and acknowledged once', async () => {
    await waitFor(workerPids, (pids) => pids.length === 1, WAIT_MS);
    const { client } = await signUp(baseUrl);
    const key = (
      await client.post('/api/keys', { name: 'Renders', scopes: ['stories:read', 'stories:write'] })
    ).body as unknown as ApiKeyCreated;
    const auth = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' };
    const hook = (await (
      await fetch(`${baseUrl}/api/webhooks`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: receiverUrl, events: ['export.completed'] }),
      })
    ).json()) as { secret: string };

    const uploaded = await uploadStill(client, dir, 'still.png');
    const render = await fetch(`${baseUrl}/api/internal/storybuilder/render_video`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(stillRenderRequest(uploaded.imageUrl, 30)),
    });
    expect(render.status).toBe(200);

    // The worker is sending the delivery (the receiver holds it): kill it there.
    await waitFor(
      () => received.length,
      (n) => n === 1,
      WAIT_MS,
    );
    process.kill(workerPids().at(-1) as number, 'SIGKILL');
    await waitFor(workerPids, (pids) => pids.length === 2, WAIT_MS);
    releaseFirst!();

    // The next worker sends it again, with the same id and a valid signature.
    await waitFor(
      () => received.length,
      (n) => n === 2,
      WAIT_MS,
    );
    const listed = await waitFor(
      async () =>
        (await (await fetch(`${baseUrl}/api/webhooks`, { headers: auth })).json()) as {
          webhooks: Webhook[];
        },
      (l) => l.webhooks[0]?.deliveries[0]?.status === 'delivered',
      30_000,
    );
    expect(listed.webhooks[0]!.deliveries).toHaveLength(1);
    const [first, second] = received;
    expect(second!.headers[WEBHOOK_HEADERS.id]).toBe(first!.headers[WEBHOOK_HEADERS.id]);
    expect(second!.body).toBe(first!.body);
    expect(
      verifyWebhookSignature(
        hook.secret,
        Number(second!.headers[WEBHOOK_HEADERS.timestamp]),
        second!.body,
        String(second!.headers[WEBHOOK_HEADERS.signature]),
      ),
    ).toBe(true);
    // Once acknowledged it is not sent again.
    await new Promise((r) => setTimeout(r, 5000));
    expect(received).toHaveLength(2);
    expect(acknowledged).toBe(1);
  }, 600_000);
});
