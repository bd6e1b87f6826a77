import { describe, expect, it } from 'vitest';
import {
  exportExtraStepsFor,
  exportJobPayloadSchema,
  parseWorkflowStatusMessage,
  rebuildTimelineAndExportSchema,
  workflowPollBatchResponseSchema,
  workflowPollResponseSchema,
  workflowResumeSchema,
  workflowStatusRequestSchema,
  workflowStatusResponseSchema,
  workflowStatusSseQuerySchema,
} from './index';
import { buildStory } from './test-builders';

describe('workflowStatusRequestSchema', () => {
  it('needs at least one non-empty id', () => {
    expect(workflowStatusRequestSchema.parse({ workflowRunIds: ['a', 'b'] })).toEqual({
      workflowRunIds: ['a', 'b'],
    });
    for (const body of [
      { workflowRunIds: [] },
      { workflowRunIds: [''] },
      {},
      { workflowRunIds: 'a' },
    ]) {
      const result = workflowStatusRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid workflow IDs');
    }
  });

  it('caps the number of ids at 100', () => {
    const ids = Array.from({ length: 101 }, (_, index) => `run-${index}`);
    expect(workflowStatusRequestSchema.safeParse({ workflowRunIds: ids }).success).toBe(false);
    expect(workflowStatusRequestSchema.safeParse({ workflowRunIds: ids.slice(1) }).success).toBe(
      true,
    );
  });

  it('the SSE query needs an id', () => {
    const missing = workflowStatusSseQuerySchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe('Invalid workflow ID');
    expect(
      workflowStatusSseQuerySchema.safeParse({ workflowRunId: ' ' }).error?.issues[0]?.message,
    ).toBe('Invalid workflow ID');
    expect(workflowStatusSseQuerySchema.parse({ workflowRunId: 'r1' })).toEqual({
      workflowRunId: 'r1',
    });
  });
});

describe('parseWorkflowStatusMessage', () => {
  it('ignores empty messages and those lacking workflowRunId or status', () => {
    expect(parseWorkflowStatusMessage('')).toBeNull();
    expect(parseWorkflowStatusMessage('   ')).toBeNull();
    expect(parseWorkflowStatusMessage('not json')).toBeNull();
    expect(parseWorkflowStatusMessage('{"status":"completed"}')).toBeNull();
    expect(parseWorkflowStatusMessage('{"workflowRunId":"r1"}')).toBeNull();
    expect(parseWorkflowStatusMessage('null')).toBeNull();
  });

  it('parses a valid message', () => {
    const story = buildStory();
    expect(
      parseWorkflowStatusMessage(
        JSON.stringify({ workflowRunId: 'r1', status: 'completed', story }),
      ),
    ).toEqual({
      workflowRunId: 'r1',
      status: 'completed',
      story,
    });
  });

  it('throws the spec text for a malformed message', () => {
    expect(() => parseWorkflowStatusMessage('{"workflowRunId":"r1","status":"weird"}')).toThrow(
      'Failed to parse status update',
    );
  });
});

describe('poll responses', () => {
  const single = { status: 'RUN_SUCCESS', output: { success: true, story: buildStory() } };

  it('parses a single response and a map per id', () => {
    expect(workflowPollResponseSchema.parse(single)).toEqual(single);
    expect(
      workflowPollResponseSchema.safeParse({ status: 'DONE', output: { success: true } }).success,
    ).toBe(false);
    const batch = {
      r1: single,
      r2: { status: 'RUN_FAILED', output: { success: false, error: 'boom' }, error: 'boom' },
    };
    expect(workflowPollBatchResponseSchema.parse(batch)).toEqual(batch);
    expect(workflowStatusResponseSchema.parse(batch)).toEqual(batch);
    expect(workflowStatusResponseSchema.parse(single)).toEqual(single);
  });
});

describe('payload defaults', () => {
  it('export job: remove_watermark false by default, extra steps limited', () => {
    expect(exportJobPayloadSchema.parse({ story_id: 's' })).toEqual({
      story_id: 's',
      remove_watermark: false,
    });
    expect(
      exportJobPayloadSchema.safeParse({ story_id: 's', extra_steps: ['tweet'] }).success,
    ).toBe(false);
    expect(
      exportJobPayloadSchema.parse({ story_id: 's', extra_steps: ['publish'] }).extra_steps,
    ).toEqual(['publish']);
  });

  it('share actions map to extra steps', () => {
    expect(exportExtraStepsFor('download')).toEqual([]);
    expect(exportExtraStepsFor('generate_link')).toEqual(['generate_link']);
    expect(exportExtraStepsFor('share_link_native')).toEqual(['generate_link']);
    expect(exportExtraStepsFor('publish')).toEqual(['publish']);
    expect(exportExtraStepsFor('share_file_native')).toEqual([]);
  });

  it('rebuild: no music reselection and timeline rebuild by default', () => {
    expect(rebuildTimelineAndExportSchema.parse({ story_id: 's' })).toEqual({
      story_id: 's',
      force_music_reselection: false,
      rebuild_timeline: true,
    });
  });

  it('resume needs a workflowRunId', () => {
    expect(workflowResumeSchema.safeParse({}).success).toBe(false);
    expect(workflowResumeSchema.parse({ workflowRunId: 'r' })).toEqual({ workflowRunId: 'r' });
  });
});
