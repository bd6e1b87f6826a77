import * as RadixDialog from '@radix-ui/react-dialog';
import type { Story } from '@storyloom/core';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useStory } from '../story/use-story';
import { StoryVideo } from '../story/story-video';
import { CommunityPreviewDetails } from './community-preview-details';

interface CommunityPreviewDialogProps {
  /** The open story's id, or null when closed. */
  storyId: string | null;
  /** The loaded list, for previous and next. */
  stories: Story[];
  onNavigate: (id: string) => void;
  onClose: () => void;
}

/**
 * The community preview (spec 1 §2): 1103×829 on desktop (max 90vw × 90vh) with the video
 * on the left 70% and the details on the right 30%; full screen and stacked on mobile.
 */
export function CommunityPreviewDialog({
  storyId,
  stories,
  onNavigate,
  onClose,
}: CommunityPreviewDialogProps) {
  const index = storyId ? stories.findIndex((story) => story.id === storyId) : -1;
  const listed = index >= 0 ? stories[index] : undefined;
  const fetched = useStory(listed ? null : storyId);
  const story = listed ?? fetched.data;
  const previous = index > 0 ? stories[index - 1] : undefined;
  const next = index >= 0 ? stories[index + 1] : undefined;

  return (
    <RadixDialog.Root
      open={storyId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-zinc-950/70 backdrop-blur-sm" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex animate-fade-in flex-col overflow-y-auto bg-white focus:outline-none md:inset-auto md:top-1/2 md:left-1/2 md:h-[829px] md:max-h-[90vh] md:w-[1103px] md:max-w-[90vw] md:-translate-x-1/2 md:-translate-y-1/2 md:flex-row md:overflow-hidden md:rounded-3xl md:shadow-2xl"
        >
          <RadixDialog.Title className="sr-only">
            {story?.title ?? 'Story preview'}
          </RadixDialog.Title>
          <div className="relative flex items-center justify-center bg-zinc-950 p-4 md:w-[70%]">
            {story ? (
              <StoryVideo
                key={story.id}
                src={story.last_export_url}
                poster={story.last_export_thumbnail_url}
                className="max-h-full"
              />
            ) : (
              <div className="aspect-video w-full animate-pulse rounded-xl bg-zinc-800" />
            )}
            {previous ? (
              <button
                type="button"
                aria-label="Previous story"
                onClick={() => onNavigate(previous.id)}
                className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/15 p-2 text-white hover:bg-white/30"
              >
                <ChevronLeft className="size-5" />
              </button>
            ) : null}
            {next ? (
              <button
                type="button"
                aria-label="Next story"
                onClick={() => onNavigate(next.id)}
                className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/15 p-2 text-white hover:bg-white/30"
              >
                <ChevronRight className="size-5" />
              </button>
            ) : null}
          </div>
          <div className="flex-1 md:w-[30%] md:overflow-y-auto">
            {story ? (
              <CommunityPreviewDetails story={story} />
            ) : fetched.isError ? (
              <p className="p-6 text-sm text-zinc-600">This story could not be loaded.</p>
            ) : (
              <div className="flex flex-col gap-3 p-6" aria-hidden>
                <div className="h-5 w-24 animate-pulse rounded-full bg-zinc-200" />
                <div className="h-6 w-3/4 animate-pulse rounded bg-zinc-200" />
                <div className="h-4 w-1/2 animate-pulse rounded bg-zinc-100" />
              </div>
            )}
          </div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full bg-white/90 p-1.5 text-zinc-700 shadow hover:bg-white"
          >
            <X className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
