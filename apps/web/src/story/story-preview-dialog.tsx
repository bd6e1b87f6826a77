import { MESSAGES, storyDisplayDate, type Story } from '@storyloom/core';
import { PencilLine } from 'lucide-react';
import { formatStoryDateTime } from '../lib/format-date';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { CategoryBadge } from './category-badge';
import { StoryVideo } from './story-video';
import { useEditStory } from './use-story-mutations';

interface StoryPreviewDialogProps {
  story: Story;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A ready story's preview: its exported video, title and 'Edit the story'. The full preview
 * dialog of spec 1 §2 (navigation, share, download, delete) comes in a later issue.
 */
export function StoryPreviewDialog({ story, open, onOpenChange }: StoryPreviewDialogProps) {
  const edit = useEditStory();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={story.title}
      size="lg"
      description="Sharing, downloading and publishing from this preview arrive soon."
    >
      <div className="mt-4 flex flex-col gap-4">
        <StoryVideo src={story.last_export_url} poster={story.last_export_thumbnail_url} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-500">
            <CategoryBadge categoryId={story.category_id} />
            <span>{formatStoryDateTime(storyDisplayDate(story))}</span>
          </div>
          <Button onClick={() => edit.mutate(story)} disabled={edit.isPending}>
            <PencilLine className="size-4" aria-hidden />
            {MESSAGES.preview.editStory}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
