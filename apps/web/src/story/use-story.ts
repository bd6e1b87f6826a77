import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchStory } from '../lib/stories-api';

/**
 * GET /stories/{id}; disabled without an id. `quiet` leaves failures to the screen (no
 * 'Error: …' toast), for stories a visitor may not be allowed to see.
 */
export function useStory(id: string | null | undefined, { quiet = false } = {}) {
  return useQuery({
    queryKey: queryKeys.stories.detail(id ?? ''),
    queryFn: () => fetchStory(id ?? ''),
    enabled: Boolean(id),
    ...(quiet ? { meta: { errorToast: false } } : {}),
  });
}
