import { MESSAGES, type Story } from '@storyloom/core';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { useDeleteStory } from './use-story-mutations';

interface DeleteStoryDialogProps {
  story: Pick<Story, 'id' | 'is_template'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** 'Delete Story' confirmation (spec 1 §2). */
export function DeleteStoryDialog({
  story,
  open,
  onOpenChange,
  onDeleted,
}: DeleteStoryDialogProps) {
  const { mutate, isPending } = useDeleteStory();
  const confirm = () =>
    mutate(story, {
      onSuccess: () => {
        onOpenChange(false);
        onDeleted?.();
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGES.deleteStory.title}
      description={MESSAGES.deleteStory.text}
    >
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={isPending}>
          {isPending ? 'Deleting…' : MESSAGES.myStories.delete}
        </Button>
      </div>
    </Dialog>
  );
}
