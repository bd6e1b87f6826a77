import { failedStoryActions, MESSAGES, type Story } from '@storyloom/core';
import { Clapperboard, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { editorPath } from '../editor/editor-path';
import { Button } from '../ui/button';
import { DeleteStoryDialog } from './delete-story-dialog';
import { useRecoverStory } from './use-story-mutations';

interface FailedStoryActionBarProps {
  story: Pick<Story, 'id' | 'status' | 'is_template'>;
  /** Compact buttons for cards. */
  size?: 'xs' | 'sm';
  /** Called after a delete, e.g. to leave a detail page. */
  onDeleted?: () => void;
}

/** Recover (FREE), Open Editor or Delete, by failure stage (spec 1 §2). */
export function FailedStoryActionBar({ story, size = 'sm', onDeleted }: FailedStoryActionBarProps) {
  const actions = failedStoryActions(story.status);
  const navigate = useNavigate();
  const recover = useRecoverStory();
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="flex flex-wrap gap-1.5">
      {actions.recover ? (
        <Button
          size={size}
          onClick={() => recover.mutate(story.id)}
          disabled={recover.isPending || recover.isSuccess}
        >
          <RotateCcw className="size-3.5" aria-hidden />
          {MESSAGES.myStories.recover}
          <span className="rounded-full bg-white/25 px-1.5 py-px text-[10px] font-bold tracking-wide">
            {MESSAGES.myStories.free}
          </span>
        </Button>
      ) : null}
      {actions.openEditor ? (
        <Button size={size} variant="secondary" onClick={() => void navigate(editorPath(story.id))}>
          <Clapperboard className="size-3.5" aria-hidden />
          {MESSAGES.myStories.openEditor}
        </Button>
      ) : null}
      {actions.delete ? (
        <>
          <Button size={size} variant="secondary" onClick={() => setDeleting(true)}>
            <Trash2 className="size-3.5" aria-hidden />
            {MESSAGES.myStories.delete}
          </Button>
          <DeleteStoryDialog
            story={story}
            open={deleting}
            onOpenChange={setDeleting}
            onDeleted={onDeleted}
          />
        </>
      ) : null}
    </div>
  );
}
