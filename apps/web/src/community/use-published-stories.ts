import type { CategoryId } from '@storyloom/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchPublishedStories } from '../lib/stories-api';
import { rememberRecommId } from '../lib/tracking';

/** GET /stories/published for a category (null = All), as an infinite list. */
export function usePublishedStories(categoryId: CategoryId | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.stories.published(categoryId),
    queryFn: async ({ pageParam }) => {
      const page = await fetchPublishedStories(pageParam, categoryId);
      rememberRecommId(page.recommId);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
