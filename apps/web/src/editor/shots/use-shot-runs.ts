import { MESSAGES, type ShotMediaType } from '@storyloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { queryKeys } from '../../lib/query-keys';
import { pollRun } from './shots-api';

/** A generation resource's status (spec 3 §3 "Generation resource entry"). */
export type GenerationStatus = 'pending' | 'generating' | 'completed' | 'failed';

/** A regenerate_shot or batch_generate run this page started. */
export interface ShotRun {
  workflowRunId: string;
  /** The shots it makes media for; null: every visible shot (a batch without shot_ids). */
  shotIds: readonly string[] | null;
  mediaTypes: readonly ShotMediaType[];
  status: GenerationStatus;
  error?: string | undefined;
}

/** How often running generations are polled. */
export const SHOT_RUN_POLL_MS = 2000;

export const shotResourcesKey = (storyId: string, shotId: string) =>
  ['shot-resources', storyId, shotId] as const;

/**
 * The shot generations started from the editor or the list view, polled by workflow id until
 * they end (spec 3 §4 "Generation of shot media"). A finished run refreshes the story, the
 * credits and the shots' resources, then `onFinished` runs; a failed one shows 'Error: …'
 * (its credits are refunded by the server).
 */
export function useShotRuns(storyId: string, onFinished?: (run: ShotRun) => void) {
  const [runs, setRuns] = useState<ShotRun[]>([]);
  const queryClient = useQueryClient();
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const active = runs.some((run) => run.status === 'pending' || run.status === 'generating');

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const timer = setInterval(() => {
      for (const run of runs) {
        if (run.status !== 'pending' && run.status !== 'generating') continue;
        void pollRun(run.workflowRunId)
          .then(async (poll) => {
            if (stopped) return;
            const status: GenerationStatus =
              poll.status === 'RUN_RUNNING'
                ? 'generating'
                : poll.status === 'RUN_SUCCESS'
                  ? 'completed'
                  : 'failed';
            const error = poll.error ?? poll.output.error;
            const next = { ...run, status, error };
            setRuns((all) => all.map((r) => (r.workflowRunId === run.workflowRunId ? next : r)));
            if (status === 'generating') return;
            if (status === 'failed') toast.error(MESSAGES.story.error(error ?? 'Generation Error'));
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) }),
              queryClient.invalidateQueries({ queryKey: ['credits'] }),
              queryClient.invalidateQueries({ queryKey: ['shot-resources', storyId] }),
            ]);
            finished.current?.(next);
          })
          .catch((failure: unknown) => {
            console.error('Polling a shot generation failed', failure);
          });
      }
    }, SHOT_RUN_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, runs, storyId, queryClient]);

  /** Records a run just started (its credits were charged). */
  const add = useCallback(
    (run: Omit<ShotRun, 'status'>) => {
      setRuns((all) => [...all, { ...run, status: 'pending' }]);
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
    },
    [queryClient],
  );

  /** The latest run's status for a shot's media kind, if this page started one. */
  const statusOf = useCallback(
    (shotId: string, mediaType?: ShotMediaType): ShotRun | undefined =>
      runs.findLast(
        (run) =>
          (run.shotIds === null || run.shotIds.includes(shotId)) &&
          (!mediaType || run.mediaTypes.includes(mediaType)),
      ),
    [runs],
  );

  return { runs, add, statusOf, busy: active };
}
