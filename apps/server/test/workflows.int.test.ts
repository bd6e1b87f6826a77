import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import type { WorkflowDefinition } from '../src/workflow/workflow-service.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

/** Test workflows: real steps through the real engine, with behaviour chosen by their input. */
const attempts = new Map<string, number>();
const testWorkflows: WorkflowDefinition[] = [
  {
    kind: 'test.story',
    steps: [
      {
        name: 'storyboard',
        status: 'processing:generating_storyboard',
        failureStage: 'generating_storyboard',
        run: () => Promise.resolve({ state: { shots: 3 } }),
      },
      {
        name: 'images',
        status: 'processing:generating_images',
        failureStage: 'generating_images',
        run: async (ctx) => {
          await ctx.setProgress(40);
          if (ctx.input.failImages) throw new Error('The illustrator ran out of ink');
          // A flaky step: fails on its first attempt, succeeds on the retry.
          const key = ctx.run.id;
          attempts.set(key, (attempts.get(key) ?? 0) + 1);
          if (ctx.input.flaky && attempts.get(key) === 1) throw new Error('transient');
          return { pause: Boolean(ctx.input.preview), state: { images: ctx.state.shots } };
        },
      },
      {
        name: 'videos',
        status: 'processing:generating_videos',
        failureStage: 'generating_videos',
        run: () => Promise.resolve(),
      },
      {
        name: 'export',
        status: 'processing:exporting_video',
        failureStage: 'exporting_video',
        run: () => Promise.resolve(),
      },
    ],
  },
];

interface Message {
  workflowRunId?: string;
  status?: string;
  story?: Story;
  error?: string;
}

/** Reads a text/event-stream to its end (the server closes it when every run has finished). */
async function readStream(res: Response): Promise<Message[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as Message);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
}

describe.each(DATABASES)('workflow runs on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, { workflows: testWorkflows });
  });
  afterAll(() => server?.stop());

  async function startRun(userId: string, client: Client, input: Record<string, unknown> = {}) {
    const story = (
      await client.post('/stories', { title: 'Run me', category_id: 'script_to_video' })
    ).body as unknown as Story;
    const run = await server.ctx.workflows.start({
      kind: 'test.story',
      userId,
      storyId: story.id,
      input,
    });
    return { run, story };
  }

  it('streams every status to completion over SSE and moves the story along', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const { run, story } = await startRun(id, client);
    const res = await client.request('GET', `/stories/workflow/status_sse?workflowRunId=${run.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const messages = await readStream(res);
    expect(messages.every((m) => m.workflowRunId === run.id && m.status)).toBe(true);
    expect(messages.at(-1)!.status).toBe('completed');
    expect(messages.at(-1)!.story).toMatchObject({
      id: story.id,
      status: 'completed',
      workflow_run_id: run.id,
    });
    const polled = await client.post('/stories/workflow/status', { workflowRunIds: [run.id] });
    expect(polled.body).toMatchObject({
      status: 'RUN_SUCCESS',
      output: { success: true, story: { id: story.id } },
    });
  });

  it('retries a failing step, then fails the run with its stage once retries are spent', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const flaky = await startRun(id, client, { flaky: true });
    const broken = await startRun(id, client, { failImages: true });
    const res = await client.request('POST', '/stories/workflow/status_sse', {
      workflowRunIds: [flaky.run.id, broken.run.id],
    });
    const messages = await readStream(res);
    const last = (runId: string) => messages.filter((m) => m.workflowRunId === runId).at(-1)!;
    expect(last(flaky.run.id).status).toBe('completed');
    expect(attempts.get(flaky.run.id)).toBe(2);
    expect(last(broken.run.id)).toMatchObject({
      status: 'failed:generating_images',
      error: 'The illustrator ran out of ink',
    });
    const story = (await client.get(`/stories/${broken.story.id}`)).body as unknown as Story;
    expect(story.status).toBe('failed:generating_images');
    const polled = await client.post('/stories/workflow/status', {
      workflowRunIds: [flaky.run.id, broken.run.id],
    });
    expect(polled.body).toMatchObject({
      [flaky.run.id]: { status: 'RUN_SUCCESS' },
      [broken.run.id]: { status: 'RUN_FAILED', error: 'The illustrator ran out of ink' },
    });
  });

  it('pauses a preview after its images and resumes it on request', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const { run, story } = await startRun(id, client, { preview: true });
    await waitFor(async () => (await server.ctx.workflows.get(run.id))?.status === 'paused');
    const paused = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(paused.status).toBe('paused');
    expect(paused.paused_at).toBeTruthy();
    const other = await signUp(server.baseUrl);
    expect(
      (await other.client.post('/stories/workflow/resume', { workflowRunId: run.id })).status,
    ).toBe(404);
    const resumed = await client.post('/stories/workflow/resume', { workflowRunId: run.id });
    expect(resumed.status).toBe(200);
    await waitFor(async () => (await server.ctx.workflows.get(run.id))?.status === 'completed');
    const done = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.resumed_at).toBeTruthy();
    expect((await client.post('/stories/workflow/resume', { workflowRunId: run.id })).status).toBe(
      409,
    );
  });

  it('lets a step write only while the run is still at that step', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const { run } = await startRun(id, client, { preview: true });
    await waitFor(async () => (await server.ctx.workflows.get(run.id))?.status === 'paused');
    const writes: string[] = [];
    const write = (name: string) => () => Promise.resolve(void writes.push(name));
    // The run as its first step read it (a late twin of that step) is past; as it is now, current.
    expect(await server.ctx.workflows.whileAtStep(run, write('late twin'))).toBe(false);
    const now = (await server.ctx.workflows.get(run.id))!;
    expect(await server.ctx.workflows.whileAtStep(now, write('current'))).toBe(true);
    expect(writes).toEqual(['current']);
  });

  it("answers bad or foreign ids with the spec's messages", async () => {
    const { client, id } = await signUp(server.baseUrl);
    const stranger = await signUp(server.baseUrl);
    const { run } = await startRun(id, client);
    const noId = await client.get('/stories/workflow/status_sse');
    expect(noId).toMatchObject({ status: 400, body: { message: 'Invalid workflow ID' } });
    expect((await client.get('/stories/workflow/status_sse?workflowRunId=nope')).body.message).toBe(
      'Invalid workflow ID',
    );
    expect(
      (await stranger.client.get(`/stories/workflow/status_sse?workflowRunId=${run.id}`)).body
        .message,
    ).toBe('Invalid workflow ID');
    for (const body of [
      {},
      { workflowRunIds: [] },
      { workflowRunIds: 'x' },
      { workflowRunIds: ['nope'] },
    ]) {
      const res = await client.post('/stories/workflow/status_sse', body);
      expect(res).toMatchObject({ status: 400, body: { message: 'Invalid workflow IDs' } });
    }
    expect(
      (await stranger.client.post('/stories/workflow/status', { workflowRunIds: [run.id] })).status,
    ).toBe(400);
    expect(
      (await new Client(server.baseUrl).get(`/stories/workflow/status_sse?workflowRunId=${run.id}`))
        .status,
    ).toBe(401);
  });
});
