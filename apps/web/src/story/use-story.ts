import { isProcessingStatus, type Story } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchStory } from '../lib/stories-api';

/** How often a story being generated is read again. */
const GENERATION_REFRESH_MS = 2000;

/**
 * GET /stories/{id}; disabled without an id. `quiet` leaves failures to the screen (no
 * 'Error: …' toast), for stories a visitor may not be allowed to see.
 */
export function useStory(
  id: string | null | undefined,
  { quiet = false, followGeneration = false } = {},
) {
  return useQuery({
    queryKey: queryKeys.stories.detail(id ?? ''),
    queryFn: () => fetchStory(id ?? ''),
    enabled: Boolean(id),
    // `followGeneration`: refreshed while the story is being generated (e.g. a preview's pictures).
    ...(followGeneration
      ? {
          refetchInterval: (query: { state: { data?: Story | undefined } }) =>
            isProcessingStatus(query.state.data?.status) ? GENERATION_REFRESH_MS : false,
        }
      : {}),
    ...(quiet ? { meta: { errorToast: false } } : {}),
  });
}
