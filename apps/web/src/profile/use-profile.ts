import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/use-current-user';
import { fetchProfile } from '../lib/account-api';
import { queryKeys } from '../lib/query-keys';

/** The signed-in user's profile; not fetched while signed out. */
export function useProfile() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: fetchProfile,
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}
