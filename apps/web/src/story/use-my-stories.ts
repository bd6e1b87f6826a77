import { storyCardState, type Story } from '@storyloom/core';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchMyStories } from '../lib/stories-api';

/** How often the list refreshes while one of its stories is still generating. */
const PROCESSING_REFRESH_MS = 5_000;

type MyStoriesPages = InfiniteData<{ stories: Story[]; nextCursor: string | null }, string | null>;

function hasProcessingStory(data: MyStoriesPages | undefined): boolean {
  return (
    data?.pages.some((page) =>
      page.stories.some((story) => storyCardState(story) === 'processing'),
    ) ?? false
  );
}

/** GET /stories as an infinite list (12 a page), refreshed while stories are generating. */
export function useMyStories({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.stories.mine(),
    queryFn: ({ pageParam }) => fetchMyStories(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled,
    refetchInterval: (query) =>
      hasProcessingStory(query.state.data) ? PROCESSING_REFRESH_MS : false,
  });
}
