import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { fetchStory } from '../lib/stories-api';

/** GET /stories/{id}; disabled without an id. */
export function useStory(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.stories.detail(id ?? ''),
    queryFn: () => fetchStory(id ?? ''),
    enabled: Boolean(id),
  });
}
