import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser } from '../lib/account-api';
import { queryKeys } from '../lib/query-keys';

/**
 * The signed-in user from GET /api/me: `user` is null when signed out, undefined while the
 * first answer is pending.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: queryKeys.me,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
  return { user: query.data, isPending: query.isPending };
}
