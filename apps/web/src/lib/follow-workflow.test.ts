import { afterEach, describe, expect, it, vi } from 'vitest';
import { followWorkflow, waitForStoryId, type WorkflowUpdate } from './follow-workflow';

const RUN = '0b3c4a52-6a43-4e5f-9f43-2f2d0f6e9a11';
const event = (status: string) => `data: ${JSON.stringify({ workflowRunId: RUN, status })}\n\n`;

/** A status stream that sends the chunks, then stays open until it is canceled. */
function streamOf(chunks: string[], onCancel: () => void) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
    },
    cancel: onCancel,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A server whose status stream is down and whose status poll answers `polls` in turn; it
 * counts the polls.
 */
function pollingServer(polls: object[]) {
  const seen = { polls: 0 };
  vi.stubGlobal('fetch', (input: string) => {
    if (input.includes('status_sse'))
      return Promise.resolve(Response.json({ message: 'Unavailable' }, { status: 503 }));
    const answer = polls[Math.min(seen.polls++, polls.length - 1)];
    return Promise.resolve(Response.json(answer));
  });
  return seen;
}
const running = { status: 'RUN_RUNNING', output: { success: false } };

describe('followWorkflow', () => {
  it('reports each status of the stream, split anywhere, and ends at the final one', async () => {
    let canceled = false;
    const whole = `: hello\n\n${event('processing:generating_images')}${event('completed')}`;
    const chunks = [whole.slice(0, 17), whole.slice(17, 60), whole.slice(60)];
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          streamOf(chunks, () => (canceled = true)),
          { status: 200 },
        ),
      ),
    );
    const seen: WorkflowUpdate[] = [];
    const last = await followWorkflow(RUN, (update) => seen.push(update));
    expect(seen.map((u) => u.status)).toEqual(['processing:generating_images', 'completed']);
    expect(last.status).toBe('completed');
    expect(canceled).toBe(true);
  });

  it('stops following when its signal fires, closing the stream', async () => {
    let canceled = false;
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          streamOf([event('processing:generating_images')], () => (canceled = true)),
          {
            status: 200,
          },
        ),
      ),
    );
    const stop = new AbortController();
    const seen: string[] = [];
    const following = followWorkflow(
      RUN,
      (update) => {
        seen.push(update.status);
        stop.abort(new Error('left the page'));
      },
      { signal: stop.signal },
    );
    await expect(following).rejects.toThrow('left the page');
    expect(seen).toEqual(['processing:generating_images']);
    expect(canceled).toBe(true);
  });

  it('polls every 3 s when the stream cannot be read, and ends at the final status', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const server = pollingServer([
      running,
      { status: 'RUN_FAILED', output: { success: false }, error: 'The model is down' },
    ]);
    const seen: WorkflowUpdate[] = [];
    const following = followWorkflow(RUN, (update) => seen.push(update));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(server.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const last = await following;
    expect(server.polls).toBe(2);
    expect(last).toMatchObject({ status: 'RUN_FAILED', error: 'The model is down' });
    expect(seen).toEqual([last]);
  });
});

describe('waitForStoryId', () => {
  it("rejects with the run's error when the run ends without a story", async () => {
    const server = pollingServer([
      running,
      running,
      { status: 'RUN_FAILED', output: { success: false }, error: 'Not enough credits' },
    ]);
    await expect(waitForStoryId(RUN, { intervalMs: 1 })).rejects.toThrow('Not enough credits');
    expect(server.polls).toBe(3);
  });
});
