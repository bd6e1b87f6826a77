import {
  isWorkflowTerminal,
  MESSAGES,
  parseWorkflowStatusMessage,
  WORKFLOW_POLL_INTERVAL_MS,
  WORKFLOW_POLL_MAX_ATTEMPTS,
  workflowPollResponseSchema,
  type Story,
  type WorkflowPollResponse,
} from '@storyloom/core';
import { requestJson } from './api-client';
import { apiErrorFromBody } from './api-error';
import { createParser } from 'eventsource-parser';

export interface WorkflowUpdate {
  /** A stream status (processing:*, completed, failed*) or a polling one (RUN_*). */
  status: string;
  story?: Story | undefined;
  error?: string | undefined;
  /** How far the current stage is, 0–100 (stream only). */
  progress?: number | undefined;
}

/** Waits, unless the signal fires first (then rejects with its reason). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

async function streamStatus(
  workflowRunId: string,
  onUpdate: (update: WorkflowUpdate) => void,
  signal: AbortSignal | undefined,
): Promise<WorkflowUpdate | null> {
  const response = await fetch('/stories/workflow/status_sse', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ workflowRunIds: [workflowRunId] }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorFromBody(response.status, response.statusText, body);
  }
  let last: WorkflowUpdate | null = null;
  const parser = createParser({
    onEvent: (event) => {
      const message = parseWorkflowStatusMessage(event.data);
      if (!message || message.workflowRunId !== workflowRunId || last) return;
      onUpdate(message);
      if (isWorkflowTerminal(message.status)) last = message;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return last;
      parser.feed(value);
      if (last) return last;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Polls `POST /stories/workflow/status` every `intervalMs`, at most `WORKFLOW_POLL_MAX_ATTEMPTS`
 * times, until `settle` answers something (it may also throw to give up).
 */
async function pollUntil<T>(
  workflowRunId: string,
  settle: (poll: WorkflowPollResponse, attempt: number) => T | undefined,
  options: { signal?: AbortSignal | undefined; intervalMs?: number | undefined },
): Promise<T> {
  for (let attempt = 1; attempt <= WORKFLOW_POLL_MAX_ATTEMPTS; attempt++) {
    options.signal?.throwIfAborted();
    const poll = await requestJson('/stories/workflow/status', workflowPollResponseSchema, {
      method: 'POST',
      body: { workflowRunIds: [workflowRunId] },
    });
    const settled = settle(poll, attempt);
    if (settled !== undefined) return settled;
    await sleep(options.intervalMs ?? WORKFLOW_POLL_INTERVAL_MS, options.signal);
  }
  throw new Error(MESSAGES.workflow.timedOut(workflowRunId, WORKFLOW_POLL_MAX_ATTEMPTS));
}

/**
 * Follows a workflow run to its end over `POST stories/workflow/status_sse` (spec 1 §4),
 * reporting each status message; when the stream breaks off before the end it polls
 * `POST /stories/workflow/status` every 3 s, at most 100 times. Resolves with the last update.
 * The signal stops it (the stream is closed, polling ends) and rejects with its reason.
 */
export async function followWorkflow(
  workflowRunId: string,
  onUpdate: (update: WorkflowUpdate) => void,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<WorkflowUpdate> {
  const { signal } = options;
  try {
    const last = await streamStatus(workflowRunId, onUpdate, signal);
    signal?.throwIfAborted();
    if (last) return last;
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof Error && error.message === MESSAGES.workflow.parseStatusFailed)
      throw error;
    // The stream could not be read: fall back to polling.
  }
  const last = await pollUntil(
    workflowRunId,
    (poll): WorkflowUpdate | undefined =>
      poll.status === 'RUN_RUNNING'
        ? undefined
        : { status: poll.status, story: poll.output.story, error: poll.error },
    { signal },
  );
  onUpdate(last);
  return last;
}

/**
 * Polls `POST /stories/workflow/status` until the run's story has an id (spec 2 §4: a preview
 * submit waits for its story, then opens it), at most `WORKFLOW_POLL_MAX_ATTEMPTS` times. A run
 * that ends without a story rejects with its error.
 */
export async function waitForStoryId(
  workflowRunId: string,
  options: { signal?: AbortSignal | undefined; intervalMs?: number } = {},
): Promise<string> {
  return pollUntil(
    workflowRunId,
    (poll, attempt) => {
      const id = poll.output.story?.id;
      if (id) return id;
      if (poll.status !== 'RUN_RUNNING')
        throw new Error(poll.error ?? MESSAGES.workflow.timedOut(workflowRunId, attempt));
      return undefined;
    },
    { signal: options.signal, intervalMs: options.intervalMs ?? 1000 },
  );
}
