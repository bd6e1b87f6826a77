import type { CategoryId, Story } from '@storyloom/core';
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
import { StoryPreviewDialog } from '../preview/story-preview-dialog';
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
export function CommunityGallery({ categoryId, ...props }: CommunityGalleryProps) {
  return <CommunityStoryGrid query={usePublishedStories(categoryId)} {...props} />;
}

/** What the grid needs of an infinite list of story pages. */
export interface StoryPagesQuery {
  data?: { pages: readonly { stories: Story[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface CommunityStoryGridProps extends Omit<CommunityGalleryProps, 'categoryId'> {
  query: StoryPagesQuery;
}

/**
 * A grid of published stories (the gallery, an author's profile): 6/9/12 skeletons first by
 * width, a row more while the next page loads, the empty text, and the community preview,
 * which rewrites the address to /story/community/{id} while open.
 */
export function CommunityStoryGrid({
  query,
  emptyText,
  infinite,
  initialPreviewId = null,
}: CommunityStoryGridProps) {
  const width = useViewportWidth();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    query;
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
      <StoryPreviewDialog
        variant="community"
        storyId={preview.openId}
        stories={stories}
        onNavigate={preview.open}
        onClose={preview.close}
      />
    </>
  );
}
