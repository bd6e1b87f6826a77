import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimatedProgress,
  estimatedProgressDuration,
  exportOverlayText,
  failedStoryActions,
  failedStoryMessage,
  isFinishedStatus,
  isPausedPreview,
  isPreviewInProgress,
  isProcessingStatus,
  isRealFailure,
  isResumedPreview,
  isRunningPreview,
  isWorkflowFailure,
  isWorkflowTerminal,
  POLL_RUN_STATUSES,
  shownProgress,
  STORY_STATUSES,
  storyCardClick,
  storyCardState,
  storyStatusSchema,
  waitScreenStep,
  WORKFLOW_STREAM_STATUSES,
} from './index';

describe('story statuses', () => {
  it('lists every status of spec 1 §4 including bare failed', () => {
    expect(STORY_STATUSES).toHaveLength(19);
    for (const status of [
      'draft',
      'pending',
      'paused',
      'completed',
      'failed',
      'failed:user_exporting_video',
    ]) {
      expect(storyStatusSchema.safeParse(status).success).toBe(true);
    }
    expect(storyStatusSchema.safeParse('processing:unknown').success).toBe(false);
    expect(storyStatusSchema.safeParse('failed:').success).toBe(false);
  });

  it('finished means completed or failed:user_exporting_video', () => {
    const finished = STORY_STATUSES.filter(isFinishedStatus);
    expect(finished).toEqual(['completed', 'failed:user_exporting_video']);
  });

  it('a real failure starts with failed and is not failed:user_exporting_video', () => {
    const failures = STORY_STATUSES.filter(isRealFailure);
    expect(failures).toEqual([
      'failed:creating_story',
      'failed:generating_storyboard',
      'failed:generating_images',
      'failed:generating_videos',
      'failed:generating_timeline',
      'failed:exporting_video',
      'failed',
    ]);
    expect(isRealFailure(null)).toBe(false);
  });

  it('processing is pending or processing:*, not paused', () => {
    expect(STORY_STATUSES.filter(isProcessingStatus)).toEqual([
      'pending',
      'processing:creating_story',
      'processing:generating_storyboard',
      'processing:generating_images',
      'processing:generating_videos',
      'processing:generating_timeline',
      'processing:exporting_video',
      'processing:user_exporting_video',
    ]);
  });
});

describe('waitScreenStep', () => {
  it.each([
    ['pending', 0],
    ['processing:creating_story', 0],
    ['processing:generating_storyboard', 0],
    ['processing:generating_images', 1],
    ['paused', 1],
    ['processing:generating_videos', 2],
    ['processing:generating_timeline', 2],
    ['processing:exporting_video', 2],
    ['processing:user_exporting_video', 2],
    ['completed', 2],
    ['failed', null],
    ['failed:generating_images', null],
    ['failed:user_exporting_video', null],
    ['draft', null],
    [undefined, null],
  ] as const)('%s -> %s', (status, step) => {
    expect(waitScreenStep(status)).toBe(step);
  });
});

describe('failedStoryMessage', () => {
  it.each([
    ['failed:creating_story', 'Creating story failed. The credits has been refunded.'],
    [
      'failed:generating_storyboard',
      'Generating storyboard failed. The credits has been refunded.',
    ],
    ['failed:generating_images', 'Generating images failed. The credits has been refunded.'],
    ['failed:generating_videos', 'Generating videos failed. The credits has been refunded.'],
    ['failed:generating_timeline', 'Generating timeline failed. Please try the recover option.'],
    ['failed:exporting_video', 'Exporting video failed. Please try the recover option.'],
    ['failed:user_exporting_video', 'Exporting video failed. Please try again.'],
    ['failed', 'Something went wrong. The credits has been refunded.'],
    ['failed:mystery', 'Something went wrong. The credits has been refunded.'],
  ])('%s', (status, message) => {
    expect(failedStoryMessage(status)).toBe(message);
  });
});

describe('failedStoryActions', () => {
  it.each([
    ['failed:generating_timeline', { recover: true, openEditor: true, delete: false }],
    ['failed:exporting_video', { recover: true, openEditor: true, delete: false }],
    ['failed:user_exporting_video', { recover: true, openEditor: true, delete: false }],
    ['failed:generating_images', { recover: false, openEditor: true, delete: false }],
    ['failed:generating_videos', { recover: false, openEditor: true, delete: false }],
    ['failed:creating_story', { recover: false, openEditor: false, delete: true }],
    ['failed:generating_storyboard', { recover: false, openEditor: false, delete: true }],
    ['failed', { recover: false, openEditor: false, delete: true }],
  ])('%s', (status, actions) => {
    expect(failedStoryActions(status)).toEqual(actions);
  });
});

describe('storyCardState and click', () => {
  it.each([
    [{ status: 'failed:generating_images' }, 'failed'],
    [{ status: 'failed' }, 'failed'],
    [{ status: 'pending' }, 'processing'],
    [{ status: 'processing:generating_videos' }, 'processing'],
    [{ status: 'draft' }, 'draft'],
    [{ status: 'completed', last_export_url: 'https://x/video.mp4' }, 'ready'],
    [{ status: 'failed:user_exporting_video', last_export_url: 'https://x/v.mp4' }, 'ready'],
    [{ status: 'completed', last_export_url: null }, 'editor-ready'],
    [{ status: 'failed:user_exporting_video' }, 'editor-ready'],
    [{ status: 'paused' }, 'editor-ready'],
  ] as const)('%j -> %s', (story, state) => {
    expect(storyCardState(story)).toBe(state);
  });

  it('routes clicks by state', () => {
    expect(storyCardClick({ id: 'a b', status: 'completed', last_export_url: 'u' })).toEqual({
      kind: 'preview',
    });
    expect(storyCardClick({ id: 's1', status: 'paused' })).toEqual({
      kind: 'navigate',
      href: '/story/editor?story_id=s1&view=list',
    });
    expect(storyCardClick({ id: 's1', status: 'draft' })).toEqual({
      kind: 'navigate',
      href: '/story/editor?story_id=s1',
    });
    expect(storyCardClick({ id: 's1', status: 'failed' })).toEqual({
      kind: 'navigate',
      href: '/story/my/s1',
    });
    expect(storyCardClick({ id: 's1', status: 'pending' })).toEqual({ kind: 'none' });
  });
});

describe('shownProgress', () => {
  it('starts at 2 and maps statuses', () => {
    expect(shownProgress(undefined)).toBe(2);
    expect(shownProgress('draft')).toBe(2);
    expect(shownProgress('processing:generating_timeline')).toBe(30);
    expect(shownProgress('processing:user_exporting_video')).toBe(75);
    expect(shownProgress('processing:generating_images')).toBe(50);
    expect(shownProgress('pending')).toBe(50);
    expect(shownProgress('completed')).toBe(100);
  });

  it('never decreases', () => {
    expect(shownProgress('processing:generating_timeline', 50)).toBe(50);
    expect(shownProgress('failed', 60)).toBe(60);
    fc.assert(
      fc.property(
        fc.constantFrom(...STORY_STATUSES, undefined),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (status, previous) => {
          const next = shownProgress(status, previous);
          return next >= previous && next >= 2;
        },
      ),
    );
  });
});

describe('estimatedProgress', () => {
  it('uses 0.5 x duration + 2 s, or 30 s when unknown', () => {
    expect(estimatedProgressDuration(20)).toBe(12);
    expect(estimatedProgressDuration(undefined)).toBe(30);
    expect(estimatedProgressDuration(0)).toBe(30);
  });

  it('starts at 2, reaches 95 at the estimate, then creeps to at most 99', () => {
    expect(estimatedProgress(0, 20)).toBe(2);
    expect(estimatedProgress(12, 20)).toBeCloseTo(95, 10);
    expect(estimatedProgress(6, 20)).toBeCloseTo(48.5, 10);
    expect(estimatedProgress(30, undefined)).toBeCloseTo(95, 10);
    expect(estimatedProgress(13, 20)).toBeGreaterThan(95);
    expect(estimatedProgress(1e9, 20)).toBeLessThanOrEqual(99);
    expect(estimatedProgress(1e9, 20)).toBeGreaterThan(98.9);
  });

  it('is monotonic and bounded', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e3, noNaN: true }),
        fc.option(fc.double({ min: 0.1, max: 600, noNaN: true }), { nil: undefined }),
        (elapsed, extra, duration) => {
          const a = estimatedProgress(elapsed, duration);
          const b = estimatedProgress(elapsed + extra, duration);
          return a >= 2 && b <= 99 && b >= a;
        },
      ),
    );
  });
});

describe('preview rules', () => {
  it('running: is_preview without paused_at', () => {
    expect(isRunningPreview({ is_preview: true, paused_at: null })).toBe(true);
    expect(isRunningPreview({ is_preview: true, paused_at: '2025-01-01T00:00:00.000Z' })).toBe(
      false,
    );
    expect(isRunningPreview({ is_preview: false })).toBe(false);
  });

  it('paused: is_preview with status paused', () => {
    expect(isPausedPreview({ is_preview: true, status: 'paused' })).toBe(true);
    expect(isPausedPreview({ is_preview: true, status: 'completed' })).toBe(false);
    expect(isPausedPreview({ is_preview: false, status: 'paused' })).toBe(false);
  });

  it('resumed: is_preview with resumed_at', () => {
    expect(isResumedPreview({ is_preview: true, resumed_at: '2025-01-01T00:00:00.000Z' })).toBe(
      true,
    );
    expect(isResumedPreview({ is_preview: true, resumed_at: null })).toBe(false);
  });

  it('in progress: running or paused', () => {
    expect(isPreviewInProgress({ is_preview: true })).toBe(true);
    expect(isPreviewInProgress({ is_preview: true, paused_at: 'x', status: 'paused' })).toBe(true);
    expect(isPreviewInProgress({ is_preview: true, paused_at: 'x', status: 'completed' })).toBe(
      false,
    );
  });
});

describe('workflow statuses', () => {
  it('lists stream and poll statuses', () => {
    expect(WORKFLOW_STREAM_STATUSES).toContain('failed');
    expect(POLL_RUN_STATUSES).toEqual(['RUN_SUCCESS', 'RUN_FAILED', 'RUN_CANCELED', 'RUN_RUNNING']);
  });

  it('a failure starts with failed (or is RUN_FAILED)', () => {
    expect(isWorkflowFailure('failed')).toBe(true);
    expect(isWorkflowFailure('failed:exporting_video')).toBe(true);
    expect(isWorkflowFailure('RUN_FAILED')).toBe(true);
    expect(isWorkflowFailure('completed')).toBe(false);
    expect(isWorkflowFailure('RUN_CANCELED')).toBe(false);
  });

  it('terminal statuses', () => {
    for (const status of [
      'completed',
      'failed',
      'failed:generating_images',
      'RUN_SUCCESS',
      'RUN_FAILED',
      'RUN_CANCELED',
    ]) {
      expect(isWorkflowTerminal(status)).toBe(true);
    }
    for (const status of ['processing:exporting_video', 'pending', 'RUN_RUNNING', undefined]) {
      expect(isWorkflowTerminal(status)).toBe(false);
    }
  });
});

describe('exportOverlayText', () => {
  it.each([
    [undefined, 'Preparing export...'],
    ['processing:generating_timeline', 'Exporting...'],
    ['processing:exporting_video', 'Exporting...'],
    ['processing:user_exporting_video', 'Exporting...'],
    ['processing:generating_storyboard', 'Generating storyboard...'],
    ['pending', 'Processing...'],
    ['completed', 'Export complete'],
    ['failed:exporting_video', 'Export failed'],
  ])('%s -> %s', (status, text) => {
    expect(exportOverlayText(status)).toBe(text);
  });

  it('shows downloading and errors', () => {
    expect(exportOverlayText('completed', { downloading: true })).toBe('Downloading...');
    expect(exportOverlayText('pending', { error: true })).toBe('Export failed');
  });
});
