import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchAuthorProfile } from '../lib/stories-api';

/** GET /api/profiles/{username} as an infinite list of the author's published stories. */
export function useAuthorProfile(username: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.stories.author(username),
    queryFn: ({ pageParam }) => fetchAuthorProfile(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: false },
  });
}
