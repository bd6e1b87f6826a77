import { z } from 'zod';

/** The most run ids POST /stories/workflow/status and …/status_sse take at once. */
export const WORKFLOW_ROUTE_MAX_IDS = 50;

/** POST /stories/workflow/status body (each id is then checked to be a run id the user owns). */
export const workflowStatusBodySchema = z.object({
  workflowRunIds: z.array(z.string()).min(1).max(WORKFLOW_ROUTE_MAX_IDS),
});

/** A run id as the status routes accept it. */
export const workflowRunIdParamSchema = z.uuid();

/** GET /stories/workflow/status_sse query (a missing or bad id is answered with the spec's text). */
export const workflowStatusSseQueryParamsSchema = z.object({
  workflowRunId: z.string().optional(),
});

/** POST /stories/workflow/status_sse body (the ids are checked with the spec's text). */
export const workflowStatusSseBodySchema = z.object({ workflowRunIds: z.unknown() }).partial();

/** POST /stories/workflow/resume: the run and its new status. */
export const workflowResumeResponseSchema = z.object({
  workflowRunId: z.string(),
  status: z.string(),
});

/** The run ids of a status request, each a run id (checked after the body's shape). */
export const workflowRunIdListSchema = z
  .array(workflowRunIdParamSchema)
  .max(WORKFLOW_ROUTE_MAX_IDS);
