import { MESSAGES, RENDER_TIMEOUT_MS } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { renderDeadline } from './render-workflows.js';

describe('the render budget', () => {
  it('counts from when a worker started the piece, not from when the render was asked for', () => {
    // A render asked for an hour ago and started now (it waited in the queue) has its budget.
    const signal = renderDeadline({ startedAt: new Date() });
    expect(signal.aborted).toBe(false);
  });

  it('is spent once a worker has worked on the piece for the whole budget', () => {
    const startedAt = new Date(Date.now() - RENDER_TIMEOUT_MS - 1000);
    expect(() => renderDeadline({ startedAt })).toThrow(MESSAGES.editor.renderTimeout);
  });
});
