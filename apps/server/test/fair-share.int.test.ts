import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderStatus } from '@storyloom/core';
import { stories, workflowRuns } from '../src/db/schema.js';
import { StoryRepository } from '../src/stories/story-repository.js';
import type { WorkflowDefinition } from '../src/workflow/workflow-service.js';
import { signUp, startTestServer, waitFor, type Client, type TestServer } from './helpers.js';
import { stillRenderRequest, uploadStill } from './render-fixtures.js';

/** The order test steps ran in, by label. */
const ran: string[] = [];
let openGate: () => void = () => undefined;
let gateTaken = false;
const gate = new Promise<void>((resolve) => (openGate = resolve));
/** Runs of the flaky background workflow seen so far: the first two fail every attempt. */
const flakyRuns = new Set<string>();

/** A workflow whose one step records its input's label in `ran`. */
function recordWorkflow(kind: string, background: boolean): WorkflowDefinition {
  return {
    kind,
    ...(background ? { background } : {}),
    steps: [
      {
        name: 'record',
        status: 'processing:generating_images',
        failureStage: 'generating_images',
        run(step) {
          ran.push(String(step.input.label));
          return Promise.resolve();
        },
      },
    ],
  };
}

const testWorkflows: WorkflowDefinition[] = [
  {
    kind: 'test.gate',
    steps: [
      {
        name: 'hold',
        status: 'processing:generating_images',
        failureStage: 'generating_images',
        run: () => {
          gateTaken = true;
          return gate;
        },
      },
    ],
  },
  recordWorkflow('test.record', false),
  recordWorkflow('test.background-record', true),
  {
    kind: 'test.flaky-background',
    background: true,
    steps: [
      {
        name: 'make',
        status: 'processing:generating_images',
        failureStage: 'generating_images',
        run(step) {
          flakyRuns.add(step.run.id);
          if (flakyRuns.size < 3) return Promise.reject(new Error('The example could not be made'));
          return Promise.resolve();
        },
      },
    ],
  },
];

describe('fair shares of the workers', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      // One worker per queue, so the order jobs are served in is the order they run in.
      env: { WORKER_CONCURRENCY: '1', RENDER_SEGMENT_SECONDS: '2', BACKGROUND_RETRY_SECONDS: '1' },
      workflows: testWorkflows,
    });
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-fair-'));
  }, 120_000);
  afterAll(async () => {
    openGate();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves users in turn, and the server's own work after every user's", async () => {
    const [a, b, c] = await Promise.all(
      ['Ann', 'Ben', 'Cid'].map((name) => signUp(server.baseUrl, name)),
    );
    const { workflows } = server.ctx;
    // The only step worker is held, so everything below waits in the queue.
    const held = await workflows.start({ kind: 'test.gate', userId: c!.id });
    expect(held.status).toBe('processing:generating_images');
    await waitFor(
      () => gateTaken,
      (taken) => taken,
    );
    const start = (kind: string, userId: string, label: string) =>
      workflows.start({ kind, userId, input: { label } });
    await start('test.background-record', c!.id, 'example');
    for (const label of ['ann-1', 'ann-2', 'ann-3']) await start('test.record', a!.id, label);
    await start('test.record', b!.id, 'ben-1');
    openGate();
    await waitFor(
      () => ran.length,
      (n) => n === 5,
    );
    // Ben's one job comes before Ann's second, though Ann asked first; the example comes last.
    expect(ran).toEqual(['ann-1', 'ben-1', 'ann-2', 'ann-3', 'example']);
  });

  it('starts failed background work again with growing pauses until it succeeds', async () => {
    const { id: userId } = await signUp(server.baseUrl, 'Studio');
    const repo = new StoryRepository(server.ctx.database.db);
    const story = await repo.insert({
      userId,
      title: 'An example',
      categoryId: 'script_to_video',
      categoryInputs: {},
      status: 'pending',
      metadata: {},
    });
    const storyStatuses = new Set<string>();
    const first = await server.ctx.workflows.start({
      kind: 'test.flaky-background',
      userId,
      storyId: story.id,
    });
    const runsOf = () =>
      server.ctx.database.db
        .select()
        .from(workflowRuns)
        .where(and(eq(workflowRuns.storyId, story.id), eq(workflowRuns.kind, first.kind)))
        .orderBy(asc(workflowRuns.createdAt));
    const runs = await waitFor(
      async () => {
        const [row] = await server.ctx.database.db
          .select({ status: stories.status })
          .from(stories)
          .where(eq(stories.id, story.id));
        storyStatuses.add(row!.status);
        return runsOf();
      },
      (rows) => rows.some((r) => r.status === 'completed'),
      90_000,
    );
    expect(runs.map((r) => r.status)).toEqual([
      'failed:generating_images',
      'failed:generating_images',
      'completed',
    ]);
    // Two seconds between the second failure and the third run (1 s after the first).
    const secondFailed = runs[1]!.finishedAt!.getTime();
    expect(runs[2]!.createdAt.getTime() - secondFailed).toBeGreaterThanOrEqual(1900);
    // While it waits to be made again, the story is not shown as failed.
    expect([...storyStatuses].filter((s) => s.startsWith('failed'))).toEqual([]);
  }, 120_000);

  it("finishes one user's short render before another's three long ones", async () => {
    const upload = async (client: Client) => {
      const still = await uploadStill(client, dir, `still-${Math.random()}.png`);
      expect(still.status).toBe(200);
      return still.imageUrl;
    };
    const render = async (client: Client, url: string, seconds: number) => {
      const res = await client.post(
        '/api/internal/storybuilder/render_video',
        stillRenderRequest(url, seconds * 30),
      );
      expect(res.status).toBe(200);
      return (res.body as { renderId: string }).renderId;
    };
    const status = async (client: Client, id: string) =>
      (await client.get(`/api/internal/storybuilder/render_video?id=${id}`))
        .body as unknown as RenderStatus;

    const ann = await signUp(server.baseUrl, 'Ann');
    const ben = await signUp(server.baseUrl, 'Ben');
    const annStill = await upload(ann.client);
    const benStill = await upload(ben.client);
    // Three renders of 40 s: 20 segments each.
    const long: string[] = [];
    for (let i = 0; i < 3; i++) long.push(await render(ann.client, annStill, 40));
    const short = await render(ben.client, benStill, 1);
    const done = await waitFor(
      () => status(ben.client, short),
      (s) => s.status === 'success' || s.status === 'error',
      120_000,
    );
    expect(done.status).toBe('success');
    const annStatuses = await Promise.all(long.map((id) => status(ann.client, id)));
    expect(annStatuses.map((s) => s.status)).not.toContain('success');
  }, 180_000);
});
