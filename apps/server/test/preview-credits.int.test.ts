import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STARTING_CREDIT_BALANCE } from '@storyloom/core';
import type { VideoProvider } from '@storyloom/pipeline';
import { creditAccounts, creditLedger } from '../src/db/schema.js';
import { CreditLedger } from '../src/generation/credit-ledger.js';
import {
  DATABASES,
  finishRun,
  signUp,
  startTestServer,
  type Client,
  type RunPoll,
  type TestServer,
} from './helpers.js';

const SCRIPT =
  'Cats are curious creatures. Every morning, our cat hosts a tiny webinar about the garden. ' +
  'She explains the birds, the trees and the sunlight. Then she takes a well deserved nap.';

/** An explainer preview (100 credits) continued into its full story (1100 in all). */
const PREVIEW_PRICE = 100;
const FULL_PRICE = 1100;

/**
 * A motion provider the tests can break: `failures` calls fail before it animates again (the
 * renderer then moves the still, as the local provider does).
 */
const motion = {
  failures: 0,
  calls: 0,
};
const flakyMotion: VideoProvider = {
  name: 'flaky-motion',
  animate() {
    motion.calls++;
    if (motion.failures > 0) {
      motion.failures--;
      return Promise.reject(new Error('the motion model is out of service'));
    }
    return Promise.resolve(null);
  },
};

describe.each(DATABASES)('a preview continued into its full story on %s', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database, { providers: { video: flakyMotion } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const balance = async (client: Client) =>
    ((await client.get('/api/credits')).body as { balance: number }).balance;

  const ledgerOf = (workflowRunId: string) =>
    server.ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workflowRunId, workflowRunId));

  const setAccount = (userId: string, set: { balance?: number; freeStoriesLeft?: number }) =>
    server.ctx.database.db.update(creditAccounts).set(set).where(eq(creditAccounts.userId, userId));

  /** A new user with no free story left and a paused explainer preview. */
  async function pausedPreview() {
    const user = await signUp(server.baseUrl);
    await user.client.get('/api/credits');
    await setAccount(user.id, { freeStoriesLeft: 0 });
    const start = await user.client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      is_preview: true,
      auto_rewrite: false,
      background_music: '',
    });
    expect(start.status).toBe(200);
    const { workflowRunId } = start.body as { workflowRunId: string };
    const until = Date.now() + 60_000;
    for (;;) {
      const poll = (
        await user.client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] })
      ).body as unknown as RunPoll;
      if (poll.output.story?.status === 'paused') break;
      if (poll.status !== 'RUN_RUNNING' || Date.now() > until)
        throw new Error(`the preview did not pause: ${poll.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { ...user, workflowRunId };
  }

  it('charges the full price beyond the preview when the preview goes on, once', async () => {
    motion.failures = 0;
    const { client, workflowRunId } = await pausedPreview();
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE - PREVIEW_PRICE);

    // Two "Create full story" clicks at once: one goes on, the other finds it going.
    const [first, second] = await Promise.all([
      client.post('/stories/workflow/resume', { workflowRunId }),
      client.post('/stories/workflow/resume', { workflowRunId }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    // Charged when the continuation starts, before any of its work is done.
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE - FULL_PRICE);

    const done = await finishRun(client, workflowRunId);
    expect(done.status).toBe('RUN_SUCCESS');
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE - FULL_PRICE);
    const ledger = await ledgerOf(workflowRunId);
    expect(ledger.map((e) => [e.kind, e.amount, e.creditType]).sort()).toEqual([
      ['charge', -PREVIEW_PRICE, 'story.script_to_video.preview'],
      ['continuation', PREVIEW_PRICE - FULL_PRICE, 'story.script_to_video'],
    ]);
    // A finished run cannot be continued (and charged) again.
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(409);
  }, 180_000);

  it('refuses the continuation with the balance short and leaves the preview paused', async () => {
    motion.failures = 0;
    const { client, id, workflowRunId } = await pausedPreview();
    await setAccount(id, { balance: 600 });
    const refused = await client.post('/stories/workflow/resume', { workflowRunId });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(MESSAGES.credits.notEnough(FULL_PRICE - PREVIEW_PRICE, 600));
    expect(await balance(client)).toBe(600);
    expect((await ledgerOf(workflowRunId)).map((e) => e.kind)).toEqual(['charge']);
    const poll = (
      await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] })
    ).body as unknown as RunPoll;
    expect(poll.output.story?.status).toBe('paused');

    // Topped up, the same preview goes on.
    await setAccount(id, { balance: 1000 });
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(200);
    expect(await balance(client)).toBe(0);
    expect((await finishRun(client, workflowRunId)).status).toBe('RUN_SUCCESS');
  }, 180_000);

  it('refunds the preview and its continuation exactly once when the continuation fails', async () => {
    const { client, workflowRunId } = await pausedPreview();
    // Every try of every shot's motion fails: the run ends in failed:generating_videos.
    motion.failures = 1_000;
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(200);
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE - FULL_PRICE);
    const poll = await finishRun(client, workflowRunId);
    motion.failures = 0;
    expect(poll.status).toBe('RUN_FAILED');
    expect(poll.error).toBe(MESSAGES.failedStory.generating_videos);
    // Parts of the step fail on their own; give any straggler time to fail again.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const ledger = await ledgerOf(workflowRunId);
    expect(ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['charge', -PREVIEW_PRICE],
      ['continuation', PREVIEW_PRICE - FULL_PRICE],
      ['continuation_refund', FULL_PRICE - PREVIEW_PRICE],
      ['refund', PREVIEW_PRICE],
    ]);
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE);
    // The failure hook run again (a late duplicate) gives nothing more back.
    expect(await new CreditLedger(server.ctx.database.db).refund(workflowRunId)).toBe(false);
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE);
  }, 180_000);

  it('charges a continuation once when its steps are retried', async () => {
    const { client, id, workflowRunId } = await pausedPreview();
    // The first motion call fails; its shot is retried and the run completes.
    motion.failures = 1;
    motion.calls = 0;
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(200);
    const done = await finishRun(client, workflowRunId);
    expect(done.status).toBe('RUN_SUCCESS');
    expect(motion.failures).toBe(0);
    const shots = Object.keys(done.output.story?.storyboard?.shots_map ?? {}).length;
    // One retried call beyond one per shot.
    expect(motion.calls).toBe(shots + 1);
    const continuations = await server.ctx.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'continuation')));
    expect(continuations).toHaveLength(1);
    expect(await balance(client)).toBe(STARTING_CREDIT_BALANCE - FULL_PRICE);
  }, 180_000);

  it('uses a free story for the continuation while the account has one', async () => {
    motion.failures = 0;
    const { client, id, workflowRunId } = await pausedPreview();
    await setAccount(id, { freeStoriesLeft: 1 });
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(200);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - PREVIEW_PRICE,
      freeStoriesLeft: 0,
    });
    const ledger = await ledgerOf(workflowRunId);
    expect(ledger.find((e) => e.kind === 'continuation')).toMatchObject({
      amount: 0,
      freeStory: true,
    });
    expect((await finishRun(client, workflowRunId)).status).toBe('RUN_SUCCESS');
  }, 180_000);
});
