import { MESSAGES, storyCardClick, type Story } from '@storyloom/core';
import { clsx } from 'clsx';
import { useState } from 'react';
import { MY_STORIES_GRID_CLASS, MY_STORIES_SKELETONS } from '../lib/grid-layout';
import { CardSkeletons } from '../ui/card-skeleton';
import { EmptyState } from '../ui/empty-state';
import { LoadError } from '../ui/load-error';
import { StoryPreviewDialog } from '../preview/story-preview-dialog';
import { StoryCard, STORY_CARD_IMAGE_HEIGHT } from './story-card';
import type { EditorOpenedFrom } from './story-card';

interface StoryCardGridProps {
  stories: Story[];
  isPending: boolean;
  isError: boolean;
  isFetchingNextPage: boolean;
  onRetry: () => void;
  /** Skeletons on first load (the library shows 8). */
  initialSkeletons?: number;
  /** Where an editor opened from a card counts as opened from (analytics). */
  openedFrom: EditorOpenedFrom;
}

/**
 * The library's card grid: 8 skeletons first, 4 more while the next page loads. Ready cards
 * open the preview, whose previous and next move through the grid's ready stories.
 */
export function StoryCardGrid({
  stories,
  isPending,
  isError,
  isFetchingNextPage,
  onRetry,
  initialSkeletons = MY_STORIES_SKELETONS.initial,
  openedFrom,
}: StoryCardGridProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const previewable = stories.filter((story) => storyCardClick(story).kind === 'preview');
  return (
    <>
      <div className={clsx('grid items-start gap-4', MY_STORIES_GRID_CLASS)}>
        {isPending ? (
          <CardSkeletons count={initialSkeletons} imageHeight={STORY_CARD_IMAGE_HEIGHT} />
        ) : isError && stories.length === 0 ? (
          <LoadError what="your stories" onRetry={onRetry} />
        ) : stories.length === 0 ? (
          <EmptyState text={MESSAGES.myStories.empty} />
        ) : (
          stories.map((story) => (
            <StoryCard
              key={story.id}
              story={story}
              openedFrom={openedFrom}
              onPreview={(s) => setOpenId(s.id)}
            />
          ))
        )}
        {isFetchingNextPage ? (
          <CardSkeletons
            count={MY_STORIES_SKELETONS.nextPage}
            imageHeight={STORY_CARD_IMAGE_HEIGHT}
          />
        ) : null}
      </div>
      <StoryPreviewDialog
        variant="library"
        storyId={openId}
        stories={previewable}
        onNavigate={setOpenId}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
