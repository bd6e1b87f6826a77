import {
  failedStoryMessage,
  isFailedStatus,
  MESSAGES,
  stageLabel,
  waitScreenStep,
  type Story,
} from '@storyloom/core';
import { clsx } from 'clsx';
import { Check, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { followWorkflow, type WorkflowUpdate } from '../lib/follow-workflow';
import { MadeWith } from '../story/made-with';
import { StoryVideo } from '../story/story-video';
import { buttonClass } from '../ui/button-styles';
import { PageContainer } from '../ui/page-container';

/** The story status an update stands for (polling answers say RUN_*; the story knows more). */
function storyStatusOf(update: WorkflowUpdate | null): string {
  if (!update) return 'pending';
  if (update.story?.status && update.status.startsWith('RUN_')) return update.story.status;
  if (update.status === 'RUN_SUCCESS') return 'completed';
  if (update.status === 'RUN_FAILED') return 'failed';
  return update.status;
}

/**
 * /story/create/workflow/{workflowRunId}?category_id=...: the wait screen (spec 1 §4) with its
 * three steps — Creating Story, Generating Images, Creating Videos — moved live by the status
 * stream, the current stage in words with its progress; the finished video plays here with
 * what made it, a failure shows the message of spec 1 §8.
 */
export function WorkflowWaitPage() {
  const { workflowRunId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const categoryId = searchParams.get('category_id');
  const [update, setUpdate] = useState<WorkflowUpdate | null>(null);
  const [story, setStory] = useState<Story | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Leaving the page closes the status stream (and stops polling).
    const following = new AbortController();
    const onUpdate = (next: WorkflowUpdate) => {
      if (following.signal.aborted) return;
      setUpdate(next);
      if (next.story) setStory(next.story);
    };
    followWorkflow(workflowRunId, onUpdate, { signal: following.signal })
      .then(onUpdate)
      .catch((failure: unknown) => {
        if (!following.signal.aborted)
          setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => following.abort();
  }, [workflowRunId]);

  const status =
    story?.status && isFailedStatus(story.status) ? story.status : storyStatusOf(update);
  const step = waitScreenStep(status);
  const failed = isFailedStatus(status);
  const done = status === 'completed';
  // The current stage's progress, shown only while it is a known stage.
  const progress =
    update?.progress !== undefined && status.startsWith('processing:')
      ? Math.round(update.progress)
      : undefined;

  return (
    <PageContainer width="medium" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
          {done
            ? 'Your story is ready'
            : failed
              ? 'Your story could not be created'
              : 'Creating your story'}
        </h1>
        <p className="mt-1 text-sm text-zinc-600">
          {story?.title ?? (categoryId ? categoryId.replaceAll('_', ' ') : '')}
          {!done && !failed ? ` · ${MESSAGES.workflow.processingTime}` : null}
        </p>
      </div>
      <ol className="flex flex-col gap-3 sm:flex-row" aria-label="Progress">
        {MESSAGES.workflow.steps.map((label, index) => {
          const state =
            done || (step !== null && index < step)
              ? 'done'
              : step === index
                ? 'active'
                : 'waiting';
          return (
            <li
              key={label}
              data-state={state}
              aria-current={state === 'active' ? 'step' : undefined}
              className={clsx(
                'flex flex-1 items-center gap-2 rounded-xl border px-3 py-3 text-sm font-medium',
                state === 'done' && 'border-emerald-200 bg-emerald-50 text-emerald-800',
                state === 'active' && 'border-brand-300 bg-brand-50 text-brand-800',
                state === 'waiting' && 'border-zinc-200 text-zinc-500',
              )}
            >
              {state === 'done' ? (
                <Check className="size-4" aria-hidden />
              ) : state === 'active' ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden />
              ) : (
                <span className="size-4 text-center text-xs">{index + 1}</span>
              )}
              {label}
            </li>
          );
        })}
      </ol>
      {!done && !failed ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-zinc-700" data-testid="workflow-status">
            {stageLabel(status)}
            {progress !== undefined ? ` · ${progress}%` : null}
          </p>
          <div
            role="progressbar"
            aria-label={stageLabel(status)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress ?? 0}
            className="h-2 overflow-hidden rounded-full bg-zinc-100"
          >
            <div
              className="h-full rounded-full bg-brand-500 transition-[width] duration-500"
              style={{ width: `${progress ?? 0}%` }}
            />
          </div>
        </div>
      ) : null}
      {failed ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {failedStoryMessage(status)}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {done && story ? (
        <>
          <StoryVideo src={story.last_export_url} poster={story.last_export_thumbnail_url} />
          <MadeWith story={story} />
        </>
      ) : null}
      <div className="flex gap-2">
        <Link to="/story/my" className={buttonClass('secondary', 'sm')}>
          Go to My stories
        </Link>
        {story && (done || failed) ? (
          <Link
            to={`/story/editor?story_id=${encodeURIComponent(story.id)}&view=list`}
            className={buttonClass('ghost', 'sm')}
          >
            Open Editor
          </Link>
        ) : null}
      </div>
    </PageContainer>
  );
}
