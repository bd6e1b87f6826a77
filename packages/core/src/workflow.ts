import { z } from 'zod';
import { MESSAGES } from './messages';
import { pollRunStatusSchema, storyStatusSchema } from './status';
import { storySchema } from './story';

/** Polling and timing constants of spec 1 §4 and §9. */
export const WORKFLOW_POLL_INTERVAL_MS = 3000;
export const WORKFLOW_POLL_MAX_ATTEMPTS = 100;
export const EXPORT_ACTION_DELAY_MS = 1000;
export const EXPORT_PROGRESS_RING_CAP = 90;
/** Ours: the most run ids one status request may ask for. */
export const WORKFLOW_STATUS_MAX_IDS = 100;

export const workflowRunIdSchema = z
  .string()
  .trim()
  .min(1, { message: MESSAGES.workflow.invalidId });

/** Every create/rebuild answer: {workflowRunId}. */
export const workflowRunResponseSchema = z.object({ workflowRunId: z.string().min(1) });

/** POST /stories/workflow/status and POST stories/workflow/status_sse body. */
export const workflowStatusRequestSchema = z.object({
  workflowRunIds: z
    .array(z.string().trim().min(1, { message: MESSAGES.workflow.invalidIds }), {
      message: MESSAGES.workflow.invalidIds,
    })
    .min(1, { message: MESSAGES.workflow.invalidIds })
    .max(WORKFLOW_STATUS_MAX_IDS, { message: MESSAGES.workflow.invalidIds }),
});

/** GET stories/workflow/status_sse?workflowRunId= query. */
export const workflowStatusSseQuerySchema = z.object({
  workflowRunId: z
    .string({ message: MESSAGES.workflow.invalidId })
    .trim()
    .min(1, { message: MESSAGES.workflow.invalidId }),
});

/** One message of the status event stream. Status is a story status (any 'failed…' is a failure). */
export const workflowStatusMessageSchema = z.object({
  workflowRunId: z.string().min(1),
  status: storyStatusSchema,
  story: storySchema.optional(),
  error: z.string().optional(),
  /** Ours: how far the current stage is, 0–100. */
  progress: z.number().min(0).max(100).optional(),
});
export type WorkflowStatusMessage = z.infer<typeof workflowStatusMessageSchema>;

/**
 * Reads one stream message (the `data` of an event). Returns null for what the stream
 * handler must ignore (spec 1 §4): empty data, non-JSON, or no workflowRunId or status.
 * Throws an Error 'Failed to parse status update' when the message has an id and a status
 * but is otherwise malformed.
 */
export function parseWorkflowStatusMessage(
  data: string | null | undefined,
): WorkflowStatusMessage | null {
  if (!data || data.trim().length === 0) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (!record.workflowRunId || !record.status) return null;
  const parsed = workflowStatusMessageSchema.safeParse(raw);
  if (!parsed.success) throw new Error(MESSAGES.workflow.parseStatusFailed);
  return parsed.data;
}

export const workflowPollOutputSchema = z.object({
  success: z.boolean(),
  story: storySchema.optional(),
  error: z.string().optional(),
  /** Ours: the file a finished run made (an action video, an export). */
  url: z.string().optional(),
});

/** Status of one run as POST /stories/workflow/status returns it. */
export const workflowPollResponseSchema = z.object({
  status: pollRunStatusSchema,
  output: workflowPollOutputSchema,
  error: z.string().optional(),
});
export type WorkflowPollResponse = z.infer<typeof workflowPollResponseSchema>;

/** With several ids asked: one entry per id, keyed by workflowRunId. */
export const workflowPollBatchResponseSchema = z.record(z.string(), workflowPollResponseSchema);

/**
 * Response of POST /stories/workflow/status: a single `WorkflowPollResponse` when exactly one
 * id was asked, a `WorkflowPollBatchResponse` (map keyed by id) when several were.
 */
export const workflowStatusResponseSchema = z.union([
  workflowPollResponseSchema,
  workflowPollBatchResponseSchema,
]);

/** POST /stories/workflow/resume body. */
export const workflowResumeSchema = z.object({ workflowRunId: workflowRunIdSchema });

/** Share actions (spec 1 §4). */
export const SHARE_ACTIONS = [
  'download',
  'generate_link',
  'publish',
  'share_link_native',
  'share_file_native',
] as const;
export type ShareAction = (typeof SHARE_ACTIONS)[number];

export const EXPORT_EXTRA_STEPS = ['generate_link', 'publish'] as const;
export const exportExtraStepSchema = z.enum(EXPORT_EXTRA_STEPS);
export type ExportExtraStep = z.infer<typeof exportExtraStepSchema>;

/** Export-job payload of the share flow. */
export const exportJobPayloadSchema = z.object({
  story_id: z.string().min(1),
  remove_watermark: z.boolean().default(false),
  extra_steps: z.array(exportExtraStepSchema).optional(),
});
export type ExportJobPayloadInput = z.input<typeof exportJobPayloadSchema>;

/** The extra step a share action needs, if any. */
export function exportExtraStepsFor(action: ShareAction): ExportExtraStep[] {
  if (action === 'generate_link' || action === 'share_link_native') return ['generate_link'];
  if (action === 'publish') return ['publish'];
  return [];
}

/** POST /stories/workflow/rebuild_timeline_and_export body. */
export const rebuildTimelineAndExportSchema = z.object({
  story_id: z.string().min(1),
  force_music_reselection: z.boolean().default(false),
  rebuild_timeline: z.boolean().default(true),
});
export type RebuildTimelineAndExport = z.infer<typeof rebuildTimelineAndExportSchema>;
