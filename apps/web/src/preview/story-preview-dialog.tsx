import * as RadixDialog from '@radix-ui/react-dialog';
import type { Story } from '@storyloom/core';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect } from 'react';
import { recordStoryEvent } from '../lib/tracking';
import { ExportProgressOverlay } from '../share/export-progress-overlay';
import { ContentRestrictionDialog } from '../share/content-restriction-dialog';
import { useShareFlow } from '../share/use-share-flow';
import { useStory } from '../story/use-story';
import { StoryVideo } from '../story/story-video';
import { previewNeighbours } from './preview-neighbours';
import { StoryPreviewDetails, type PreviewVariant } from './story-preview-details';

interface StoryPreviewDialogProps {
  /** library: the user's own list; community: the gallery, profiles and share links. */
  variant: PreviewVariant;
  /** The open story's id, or null when closed. */
  storyId: string | null;
  /** The loaded list, for previous and next. */
  stories: readonly Story[];
  onNavigate: (id: string) => void;
  onClose: () => void;
}

/**
 * The story preview (spec 1 §2): 1103×829 on desktop (max 90vw × 90vh) with the video on the
 * left 70% and the details on the right 30%; full screen and stacked on mobile. Previous and
 * next move through the loaded list; a story outside it (a share link) is fetched.
 */
export function StoryPreviewDialog({
  variant,
  storyId,
  stories,
  onNavigate,
  onClose,
}: StoryPreviewDialogProps) {
  const { index, previous, next } = previewNeighbours(stories, storyId);
  const listed = index >= 0 ? stories[index] : undefined;
  // A listed story is shown at once and refreshed in the background after changes.
  const fetched = useStory(storyId, { quiet: true });
  const story = fetched.data ?? listed;

  return (
    <RadixDialog.Root
      open={storyId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-zinc-950/70 backdrop-blur-sm" />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="story-preview-dialog"
          className="fixed inset-0 z-50 flex animate-fade-in flex-col overflow-y-auto bg-white focus:outline-none md:inset-auto md:top-1/2 md:left-1/2 md:h-[829px] md:max-h-[90vh] md:w-[1103px] md:max-w-[90vw] md:-translate-x-1/2 md:-translate-y-1/2 md:flex-row md:overflow-hidden md:rounded-3xl md:shadow-2xl"
        >
          <RadixDialog.Title className="sr-only">
            {story?.title ?? 'Story preview'}
          </RadixDialog.Title>
          {story ? (
            <PreviewBody key={story.id} story={story} variant={variant} onClose={onClose}>
              <NavigationButtons previous={previous} next={next} onNavigate={onNavigate} />
            </PreviewBody>
          ) : (
            <>
              <div className="relative flex min-h-64 items-center justify-center bg-zinc-950 p-4 md:w-[70%]">
                {fetched.isError ? (
                  <p className="text-sm text-zinc-400">This story could not be loaded.</p>
                ) : (
                  <div
                    data-testid="preview-skeleton"
                    className="aspect-video w-full animate-pulse rounded-xl bg-zinc-800"
                  />
                )}
              </div>
              <div className="flex flex-1 flex-col gap-3 p-6 md:w-[30%]" aria-hidden>
                <div className="h-5 w-24 animate-pulse rounded-full bg-zinc-200" />
                <div className="h-6 w-3/4 animate-pulse rounded bg-zinc-200" />
                <div className="h-4 w-1/2 animate-pulse rounded bg-zinc-100" />
              </div>
            </>
          )}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 z-20 rounded-full bg-white/90 p-1.5 text-zinc-700 shadow hover:bg-white"
          >
            <X className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** One story's video and details, with its own share flow (reset when the story changes). */
function PreviewBody({
  story,
  variant,
  onClose,
  children,
}: {
  story: Story;
  variant: PreviewVariant;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const flow = useShareFlow(story);
  useEffect(() => {
    if (variant === 'community') recordStoryEvent(story.id, 'view');
  }, [story.id, variant]);
  return (
    <>
      <div className="relative flex shrink-0 items-center justify-center bg-zinc-950 px-4 pt-14 pb-4 md:w-[70%] md:py-4">
        <StoryVideo
          storyId={story.id}
          src={story.last_export_url}
          poster={story.last_export_thumbnail_url}
          className="max-h-full"
        />
        {children}
        {flow.overlay ? <ExportProgressOverlay state={flow.overlay} /> : null}
      </div>
      <div className="flex-1 md:w-[30%] md:overflow-y-auto">
        <StoryPreviewDetails story={story} variant={variant} flow={flow} onDeleted={onClose} />
      </div>
      <ContentRestrictionDialog open={flow.restricted} onClose={flow.closeRestriction} />
    </>
  );
}

function NavigationButtons({
  previous,
  next,
  onNavigate,
}: {
  previous: Story | undefined;
  next: Story | undefined;
  onNavigate: (id: string) => void;
}) {
  const button =
    'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/15 p-2 text-white hover:bg-white/30';
  return (
    <>
      {previous ? (
        <button
          type="button"
          aria-label="Previous story"
          onClick={() => onNavigate(previous.id)}
          className={`${button} left-3`}
        >
          <ChevronLeft className="size-5" />
        </button>
      ) : null}
      {next ? (
        <button
          type="button"
          aria-label="Next story"
          onClick={() => onNavigate(next.id)}
          className={`${button} right-3`}
        >
          <ChevronRight className="size-5" />
        </button>
      ) : null}
    </>
  );
}
