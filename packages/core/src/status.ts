import { z } from 'zod';
import { MESSAGES } from './messages';

/** Workflow stages a story passes through; each has a processing:* and a failed:* status. */
export const FAILURE_STAGES = [
  'creating_story',
  'generating_storyboard',
  'generating_images',
  'generating_videos',
  'generating_timeline',
  'exporting_video',
  'user_exporting_video',
] as const;
export type FailureStage = (typeof FAILURE_STAGES)[number];
export type ProcessingStage = FailureStage;

export type ProcessingStatus = `processing:${ProcessingStage}`;
export type FailedStatus = `failed:${FailureStage}` | 'failed';

/** Every story status of spec 1 §4, in the spec's order. */
export const STORY_STATUSES = [
  'draft',
  'pending',
  'processing:creating_story',
  'processing:generating_storyboard',
  'processing:generating_images',
  'paused',
  'processing:generating_videos',
  'processing:generating_timeline',
  'processing:exporting_video',
  'processing:user_exporting_video',
  'completed',
  'failed:creating_story',
  'failed:generating_storyboard',
  'failed:generating_images',
  'failed:generating_videos',
  'failed:generating_timeline',
  'failed:exporting_video',
  'failed:user_exporting_video',
  'failed',
] as const satisfies readonly (
  'draft' | 'pending' | 'paused' | 'completed' | ProcessingStatus | FailedStatus
)[];

export const storyStatusSchema = z.enum(STORY_STATUSES);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

/** Status arguments are wire strings: functions accept any string and treat unknowns safely. */
type StatusInput = string | null | undefined;

/** The stage after 'processing:' or 'failed:', or null. */
export function statusStage(status: StatusInput): FailureStage | null {
  if (!status) return null;
  const colon = status.indexOf(':');
  if (colon < 0) return null;
  const prefix = status.slice(0, colon);
  if (prefix !== 'processing' && prefix !== 'failed') return null;
  const stage = status.slice(colon + 1);
  return (FAILURE_STAGES as readonly string[]).includes(stage) ? (stage as FailureStage) : null;
}

export function isFailedStatus(status: StatusInput): boolean {
  return !!status && status.startsWith('failed');
}

/** Finished: completed or failed:user_exporting_video (spec 1 §4). */
export function isFinishedStatus(status: StatusInput): boolean {
  return status === 'completed' || status === 'failed:user_exporting_video';
}

/** A real failure: any status starting with 'failed' other than failed:user_exporting_video. */
export function isRealFailure(status: StatusInput): boolean {
  return isFailedStatus(status) && status !== 'failed:user_exporting_video';
}

/** Pending or any processing:* status. 'paused' is not processing (it waits for the user). */
export function isProcessingStatus(status: StatusInput): boolean {
  return status === 'pending' || (!!status && status.startsWith('processing:'));
}

const STEP_0 = new Set(['pending', 'creating_story', 'generating_storyboard']);
const STEP_1 = new Set(['generating_images', 'paused']);
const STEP_2 = new Set([
  'generating_videos',
  'generating_timeline',
  'exporting_video',
  'user_exporting_video',
  'completed',
]);

/**
 * Active step of the wait screen (spec 1 §4): 0 Creating Story, 1 Generating Images,
 * 2 Creating Videos; null for failed statuses and statuses outside the flow (draft, unknown).
 */
export function waitScreenStep(status: StatusInput): 0 | 1 | 2 | null {
  if (!status || isFailedStatus(status)) return null;
  const name = status.startsWith('processing:') ? status.slice('processing:'.length) : status;
  if (STEP_0.has(name)) return 0;
  if (STEP_1.has(name)) return 1;
  if (STEP_2.has(name)) return 2;
  return null;
}

/**
 * The failed-story message of spec 1 §8. Meant for failed statuses; any status without a
 * known failure stage (bare 'failed', unknown) gets the generic 'Something went wrong' text.
 */
export function failedStoryMessage(status: StatusInput): string {
  const stage = isFailedStatus(status) ? statusStage(status) : null;
  return stage ? MESSAGES.failedStory[stage] : MESSAGES.failedStory.other;
}

export interface FailedStoryActions {
  /** Rebuild (also rebuilding the timeline) for free. */
  recover: boolean;
  openEditor: boolean;
  delete: boolean;
}

const RECOVERABLE: ReadonlySet<string> = new Set([
  'failed:generating_timeline',
  'failed:exporting_video',
  'failed:user_exporting_video',
]);
const EDITABLE_AFTER_FAILURE: ReadonlySet<string> = new Set([
  'failed:exporting_video',
  'failed:generating_images',
  'failed:generating_timeline',
  'failed:user_exporting_video',
  'failed:generating_videos',
]);

/** Failed-card actions (spec 1 §2): Delete only when neither Recover nor Open Editor applies. */
export function failedStoryActions(status: StatusInput): FailedStoryActions {
  const recover = !!status && RECOVERABLE.has(status);
  const openEditor = !!status && EDITABLE_AFTER_FAILURE.has(status);
  return { recover, openEditor, delete: !recover && !openEditor };
}

export type StoryCardState = 'failed' | 'processing' | 'draft' | 'ready' | 'editor-ready';

export interface StoryCardInput {
  status: StatusInput;
  last_export_url?: string | null | undefined;
}

/**
 * Card state: failed = real failure; processing = pending or processing:*; draft;
 * ready = finished with an export; otherwise editor-ready (paused previews, finished
 * without an export, ...).
 */
export function storyCardState(story: StoryCardInput): StoryCardState {
  if (isRealFailure(story.status)) return 'failed';
  if (isProcessingStatus(story.status)) return 'processing';
  if (story.status === 'draft') return 'draft';
  if (isFinishedStatus(story.status) && !!story.last_export_url) return 'ready';
  return 'editor-ready';
}

/** What a card click does (spec 1 §2). Processing cards do nothing. */
export type StoryCardClick =
  { kind: 'preview' } | { kind: 'navigate'; href: string } | { kind: 'none' };

export function storyCardClick(story: StoryCardInput & { id: string }): StoryCardClick {
  const id = encodeURIComponent(story.id);
  switch (storyCardState(story)) {
    case 'ready':
      return { kind: 'preview' };
    case 'editor-ready':
      return { kind: 'navigate', href: `/story/editor?story_id=${id}&view=list` };
    case 'draft':
      return { kind: 'navigate', href: `/story/editor?story_id=${id}` };
    case 'failed':
      return { kind: 'navigate', href: `/story/my/${id}` };
    case 'processing':
      return { kind: 'none' };
  }
}

/** Card progress constants (spec 1 §4, §9). */
export const CARD_PROGRESS = {
  start: 2,
  generatingTimeline: 30,
  userExportingVideo: 75,
  otherProcessing: 50,
  completed: 100,
  estimateCap: 95,
  creepCap: 99,
  unknownDurationEstimateSeconds: 30,
} as const;

/** The progress a status stands for, or null when the status says nothing about progress. */
export function statusProgress(status: StatusInput): number | null {
  if (status === 'completed') return CARD_PROGRESS.completed;
  if (status === 'processing:generating_timeline') return CARD_PROGRESS.generatingTimeline;
  if (status === 'processing:user_exporting_video') return CARD_PROGRESS.userExportingVideo;
  if (isProcessingStatus(status)) return CARD_PROGRESS.otherProcessing;
  return null;
}

/**
 * Shown card progress: starts at 2 and never decreases. `previous` is the value shown
 * so far (undefined on first render).
 */
export function shownProgress(status: StatusInput, previous?: number): number {
  const base =
    previous === undefined || !Number.isFinite(previous) ? CARD_PROGRESS.start : previous;
  const floor = Math.max(CARD_PROGRESS.start, base);
  const target = statusProgress(status);
  return target === null ? floor : Math.max(floor, target);
}

/** Seconds the estimate takes to reach 95: 0.5 × story duration + 2 s, or 30 s when unknown. */
export function estimatedProgressDuration(storyDurationSeconds: number | null | undefined): number {
  if (storyDurationSeconds === null || storyDurationSeconds === undefined) {
    return CARD_PROGRESS.unknownDurationEstimateSeconds;
  }
  if (!Number.isFinite(storyDurationSeconds) || storyDurationSeconds <= 0) {
    return CARD_PROGRESS.unknownDurationEstimateSeconds;
  }
  return 0.5 * storyDurationSeconds + 2;
}

/**
 * Progress estimated over time when no status is known: a straight line from 2 at 0 s to
 * 95 at the estimate, then an exponential creep (time constant = the estimate) that stays
 * at or below 99.
 */
export function estimatedProgress(
  elapsedSeconds: number,
  storyDurationSeconds: number | null | undefined,
): number {
  const estimate = estimatedProgressDuration(storyDurationSeconds);
  const elapsed = Number.isFinite(elapsedSeconds) ? Math.max(0, elapsedSeconds) : 0;
  const { start, estimateCap, creepCap } = CARD_PROGRESS;
  if (elapsed <= estimate) return start + ((estimateCap - start) * elapsed) / estimate;
  const creep = (creepCap - estimateCap) * (1 - Math.exp(-(elapsed - estimate) / estimate));
  return Math.min(creepCap, estimateCap + creep);
}

/** Fields the preview rules read. */
export interface PreviewInput {
  is_preview?: boolean | null | undefined;
  status?: StatusInput;
  paused_at?: unknown;
  resumed_at?: unknown;
}

function isSet(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** Running preview: is_preview with no paused_at. */
export function isRunningPreview(story: PreviewInput): boolean {
  return story.is_preview === true && !isSet(story.paused_at);
}

/** Paused preview: is_preview with status paused. */
export function isPausedPreview(story: PreviewInput): boolean {
  return story.is_preview === true && story.status === 'paused';
}

/** Resumed preview: is_preview with resumed_at. */
export function isResumedPreview(story: PreviewInput): boolean {
  return story.is_preview === true && isSet(story.resumed_at);
}

/** 'Preview in progress' means running or paused. */
export function isPreviewInProgress(story: PreviewInput): boolean {
  return isRunningPreview(story) || isPausedPreview(story);
}

/** Statuses on the workflow status stream (spec 1 §4). Any 'failed…' string is a failure. */
export const WORKFLOW_STREAM_STATUSES = [
  'processing:generating_storyboard',
  'processing:generating_timeline',
  'processing:exporting_video',
  'completed',
  'failed',
] as const;

/** Polling run statuses. RUN_RUNNING is our addition for a run not finished yet. */
export const POLL_RUN_STATUSES = [
  'RUN_SUCCESS',
  'RUN_FAILED',
  'RUN_CANCELED',
  'RUN_RUNNING',
] as const;
export const pollRunStatusSchema = z.enum(POLL_RUN_STATUSES);

/** A workflow failure: a status starting with 'failed' (stream) or RUN_FAILED (polling). */
export function isWorkflowFailure(status: StatusInput): boolean {
  return isFailedStatus(status) || status === 'RUN_FAILED';
}

/** The workflow will not change any more: completed, failed*, RUN_SUCCESS, RUN_FAILED, RUN_CANCELED. */
export function isWorkflowTerminal(status: StatusInput): boolean {
  return (
    status === 'completed' ||
    status === 'RUN_SUCCESS' ||
    status === 'RUN_CANCELED' ||
    isWorkflowFailure(status)
  );
}

/**
 * Status text of the export progress overlay (spec 1 §4). `status` undefined/null means
 * the status is not known yet.
 */
export function exportOverlayText(
  status: StatusInput,
  options: { downloading?: boolean; error?: boolean } = {},
): string {
  const texts = MESSAGES.exportOverlay;
  if (options.downloading) return texts.downloading;
  if (options.error || isWorkflowFailure(status) || status === 'RUN_CANCELED') return texts.failed;
  if (!status) return texts.preparing;
  if (status === 'completed' || status === 'RUN_SUCCESS') return texts.complete;
  if (
    status === 'processing:generating_timeline' ||
    status === 'processing:exporting_video' ||
    status === 'processing:user_exporting_video'
  ) {
    return texts.exporting;
  }
  if (status === 'processing:generating_storyboard') return texts.generatingStoryboard;
  return texts.processing;
}
