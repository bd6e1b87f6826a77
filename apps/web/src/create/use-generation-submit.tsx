import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@storyloom/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { editorPath } from '../editor/editor-path';
import { waitForStoryId } from '../lib/follow-workflow';
import { queryKeys } from '../lib/query-keys';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Widths at which a preview is offered on the web instead of opening the editor (spec 2 §2). */
export const MOBILE_PREVIEW_QUERY = '(max-width: 767px)';

export interface GenerationSubmitOptions {
  /** The workflow page's category_id (script_to_video, music_video, lyrics_video...). */
  categoryId: string;
  /** The message shown when starting fails (defaults to the error's own message). */
  failureMessage?: (failure: unknown) => string;
  /** After the run started (e.g. a toast, clearing a draft). */
  onStarted?: (started: { workflowRunId: string; isPreview: boolean }) => void;
}

/**
 * The creation forms' one submit flow (spec 2 §4): starts the run, refreshes the credits and
 * the story lists, then goes to the wait screen (`/story/create/workflow/{id}?category_id=`),
 * or for a preview polls until the story has an id and opens it in the storyboard list view —
 * on a phone it opens the 'Preview Storyboard on Web' dialog instead (confirming goes to
 * /story, where the preview's card shows).
 */
export function useGenerationSubmit(options: GenerationSubmitOptions) {
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [mobilePreview, setMobilePreview] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function submit(
    isPreview: boolean,
    start: () => Promise<{ workflowRunId: string }>,
  ): Promise<void> {
    setSubmitting(true);
    setServerError(null);
    try {
      const { workflowRunId } = await start();
      options.onStarted?.({ workflowRunId, isPreview });
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.mine() });
      if (!isPreview) {
        await navigate(
          `/story/create/workflow/${workflowRunId}?category_id=${encodeURIComponent(options.categoryId)}`,
        );
        return;
      }
      if (window.matchMedia(MOBILE_PREVIEW_QUERY).matches) {
        setMobilePreview(true);
        return;
      }
      const storyId = await waitForStoryId(workflowRunId);
      await navigate(editorPath(storyId, 'list'));
    } catch (failure) {
      console.error('Generation failed to start', failure);
      setServerError(
        options.failureMessage
          ? options.failureMessage(failure)
          : failure instanceof Error
            ? failure.message
            : String(failure),
      );
    } finally {
      setSubmitting(false);
    }
  }

  const previewDialog: ReactNode = (
    <Dialog
      open={mobilePreview}
      onOpenChange={setMobilePreview}
      title={MESSAGES.generate.previewStoryboardOnWeb}
    >
      <p className="text-sm text-zinc-600">
        Your preview is on its way. Storyboard previews open in the editor, which works best on a
        larger screen: open Storyloom on a computer to see and edit it.
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button
          type="button"
          onClick={() => {
            setMobilePreview(false);
            void navigate('/story');
          }}
        >
          OK
        </Button>
      </div>
    </Dialog>
  );

  return { submit, submitting, serverError, setServerError, previewDialog };
}
