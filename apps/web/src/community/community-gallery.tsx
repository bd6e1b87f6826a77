import type { CategoryId } from '@storyloom/core';
import { clsx } from 'clsx';
import {
  COMMUNITY_GRID_CLASS,
  communityInitialSkeletonCount,
  communityNextPageSkeletonCount,
} from '../lib/grid-layout';
import { useViewportWidth } from '../lib/use-viewport-width';
import { CardSkeletons } from '../ui/card-skeleton';
import { EmptyState } from '../ui/empty-state';
import { InfiniteScrollSentinel } from '../ui/infinite-scroll-sentinel';
import { LoadError } from '../ui/load-error';
import { CommunityPreviewDialog } from './community-preview-dialog';
import { CommunityStoryCard } from './community-story-card';
import { useCommunityPreview } from './use-community-preview';
import { usePublishedStories } from './use-published-stories';

interface CommunityGalleryProps {
  categoryId: CategoryId | null;
  emptyText: string;
  /** Load further pages as the user scrolls (the full gallery); home shows the first page. */
  infinite: boolean;
  /** A story to preview on arrival (/story/community/{id}). */
  initialPreviewId?: string | null;
}

/** Published stories in a 2/3/4/5-column grid, with skeletons and the preview dialog. */
export function CommunityGallery({
  categoryId,
  emptyText,
  infinite,
  initialPreviewId = null,
}: CommunityGalleryProps) {
  const width = useViewportWidth();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    usePublishedStories(categoryId);
  const preview = useCommunityPreview(initialPreviewId);
  const stories = data?.pages.flatMap((page) => page.stories) ?? [];

  return (
    <>
      <div className={clsx('grid gap-4', COMMUNITY_GRID_CLASS)}>
        {isPending ? (
          <CardSkeletons
            count={communityInitialSkeletonCount(width)}
            imageClassName="aspect-[4/5]"
          />
        ) : isError && stories.length === 0 ? (
          <LoadError what="community stories" onRetry={() => void refetch()} />
        ) : stories.length === 0 ? (
          <EmptyState text={emptyText} />
        ) : (
          stories.map((story) => (
            <CommunityStoryCard key={story.id} story={story} onOpen={(s) => preview.open(s.id)} />
          ))
        )}
        {isFetchingNextPage ? (
          <CardSkeletons
            count={communityNextPageSkeletonCount(width)}
            imageClassName="aspect-[4/5]"
          />
        ) : null}
      </div>
      {infinite ? (
        <InfiniteScrollSentinel
          disabled={isPending || !hasNextPage || isFetchingNextPage}
          onVisible={() => void fetchNextPage()}
        />
      ) : null}
      <CommunityPreviewDialog
        storyId={preview.openId}
        stories={stories}
        onNavigate={preview.open}
        onClose={preview.close}
      />
    </>
  );
}
