import { estimatedRenderMinutes, MESSAGES } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/use-current-user';
import { Button } from '../ui/button';
import { fetchCredits } from './explainer/explainer-api';

/**
 * The creation forms' estimate and actions (spec 2 §1, §9): the credits of the story and of
 * its preview, the free stories left (when the full story would use one), the balance, the
 * render time, the first problem of the form and the server's answer, then Create and Preview.
 */
export function SubmitBox(props: {
  category: Parameters<typeof estimatedRenderMinutes>[0];
  estimate: { full: number; preview: number };
  labels: { create: string; preview: string };
  formError?: string | null;
  serverError: string | null;
  disabled: boolean;
  onCreate: () => void;
  onPreview: () => void;
}) {
  const { user } = useCurrentUser();
  const credits = useQuery({
    queryKey: ['credits'],
    queryFn: fetchCredits,
    enabled: Boolean(user),
  });
  // Every full story uses a free story while the account has one (the server's rule).
  const free = credits.data?.freeStoriesLeft ?? 0;
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-zinc-50 p-4">
      <p className="text-sm text-zinc-700" data-testid="credit-estimate">
        {props.labels.create}: <strong>{props.estimate.full} credits</strong> · Preview:{' '}
        <strong>{props.estimate.preview} credits</strong>
      </p>
      {free > 0 ? (
        <p className="text-sm text-brand-700" data-testid="free-stories">
          <strong>{MESSAGES.credits.freeStoriesLeft(free)}</strong>
          <span className="text-xs text-zinc-500">
            {' '}
            · {props.labels.create} uses one, no credits
          </span>
        </p>
      ) : null}
      {credits.data ? (
        <p className="text-xs text-zinc-500">Balance: {credits.data.balance} credits</p>
      ) : null}
      <p className="text-xs text-zinc-500">
        {MESSAGES.workflow.renderEstimate(estimatedRenderMinutes(props.category, false))}
      </p>
      {props.formError ? (
        <p role="alert" className="text-sm text-red-600" data-testid="form-error">
          {props.formError}
        </p>
      ) : null}
      {props.serverError ? (
        <p role="alert" className="text-sm text-red-600">
          {props.serverError}
        </p>
      ) : null}
      <Button type="button" disabled={props.disabled} onClick={props.onCreate}>
        {props.labels.create}
      </Button>
      <Button type="button" variant="secondary" disabled={props.disabled} onClick={props.onPreview}>
        {props.labels.preview}
      </Button>
    </div>
  );
}
