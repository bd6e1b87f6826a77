import {
  isWorkflowTerminal,
  MESSAGES,
  parseWorkflowStatusMessage,
  WORKFLOW_POLL_INTERVAL_MS,
  WORKFLOW_POLL_MAX_ATTEMPTS,
  workflowPollResponseSchema,
  type Story,
} from '@storyloom/core';
import { requestJson } from './api-client';
import { apiErrorFromBody } from './api-error';
import { createSseParser } from './sse-parser';

export interface WorkflowUpdate {
  /** A stream status (processing:*, completed, failed*) or a polling one (RUN_*). */
  status: string;
  story?: Story | undefined;
  error?: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function streamStatus(
  workflowRunId: string,
  onUpdate: (update: WorkflowUpdate) => void,
): Promise<WorkflowUpdate | null> {
  const response = await fetch('/stories/workflow/status_sse', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ workflowRunIds: [workflowRunId] }),
  });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorFromBody(response.status, response.statusText, body);
  }
  let last: WorkflowUpdate | null = null;
  const parser = createSseParser((data) => {
    const message = parseWorkflowStatusMessage(data);
    if (!message || message.workflowRunId !== workflowRunId || last) return;
    onUpdate(message);
    if (isWorkflowTerminal(message.status)) last = message;
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
    if (last) {
      await reader.cancel();
      return last;
    }
  }
  parser.end();
  return last;
}

async function pollStatus(workflowRunId: string): Promise<WorkflowUpdate> {
  for (let attempt = 1; attempt <= WORKFLOW_POLL_MAX_ATTEMPTS; attempt++) {
    const poll = await requestJson('/stories/workflow/status', workflowPollResponseSchema, {
      method: 'POST',
      body: { workflowRunIds: [workflowRunId] },
    });
    if (poll.status !== 'RUN_RUNNING') {
      return { status: poll.status, story: poll.output.story, error: poll.error };
    }
    await sleep(WORKFLOW_POLL_INTERVAL_MS);
  }
  throw new Error(MESSAGES.workflow.timedOut(workflowRunId, WORKFLOW_POLL_MAX_ATTEMPTS));
}

/**
 * Follows a workflow run to its end over `POST stories/workflow/status_sse` (spec 1 §4),
 * reporting each status message; when the stream breaks off before the end it polls
 * `POST /stories/workflow/status` every 3 s, at most 100 times. Resolves with the last update.
 */
export async function followWorkflow(
  workflowRunId: string,
  onUpdate: (update: WorkflowUpdate) => void,
): Promise<WorkflowUpdate> {
  try {
    const last = await streamStatus(workflowRunId, onUpdate);
    if (last) return last;
  } catch (error) {
    if (error instanceof Error && error.message === MESSAGES.workflow.parseStatusFailed)
      throw error;
    // The stream could not be read: fall back to polling.
  }
  const last = await pollStatus(workflowRunId);
  onUpdate(last);
  return last;
}
