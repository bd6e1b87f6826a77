import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeCallbackUrl } from './callback-url';

/**
 * The page's sanitised callbackUrl, and what to do once signed in or up: drop every cached
 * answer of the previous visitor, then go to the callback.
 */
export function useAfterAuth() {
  const [searchParams] = useSearchParams();
  const rawCallbackUrl = searchParams.get('callbackUrl');
  const callbackUrl = safeCallbackUrl(rawCallbackUrl);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const finish = useCallback(async () => {
    await queryClient.resetQueries();
    await navigate(callbackUrl, { replace: true });
  }, [queryClient, navigate, callbackUrl]);

  return { callbackUrl, hasCallbackUrl: rawCallbackUrl !== null, finish };
}
