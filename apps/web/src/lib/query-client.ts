import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@storyloom/core';
import { toast } from 'sonner';
import { ApiError } from './api-error';
import { queryKeys } from './query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorToast: false` keeps the global 'Error: {message}' toast away from a query. */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Client errors (bad request, signed out, not found) do not get better by retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. Failures toast 'Error: {message}' (spec 1 §8) unless a query or
 * mutation opts out with `meta: { errorToast: false }`; a 401 also re-checks the session,
 * so an expired one sends protected pages to sign-in.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, meta: { errorToast?: boolean } | undefined) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    }
    if (meta?.errorToast === false) return;
    toast.error(MESSAGES.story.error(errorMessage(error)));
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
  return queryClient;
}
