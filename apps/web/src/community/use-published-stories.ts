import type { CategoryId } from '@storyloom/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchPublishedStories } from '../lib/stories-api';

/** GET /stories/published for a category (null = All), as an infinite list. */
export function usePublishedStories(categoryId: CategoryId | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.stories.published(categoryId),
    queryFn: ({ pageParam }) => fetchPublishedStories(pageParam, categoryId),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
