import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/use-current-user';
import { requireSignIn } from '../auth/use-require-sign-in';
import { editorPath, type EditorViewParam } from '../editor/editor-path';
import { createBlankStory } from '../lib/stories-api';
import { queryKeys } from '../lib/query-keys';

/**
 * The create-from-scratch cards (spec 1 §4, spec 2 §2): create a blank story and open the
 * editor in a new tab. The tab is opened synchronously in the click so popup blockers let it
 * through, then pointed at the editor once the story exists; it is closed again if creation
 * fails, and the failure is only logged. Signed-out users go to /signin?callbackUrl=/story/editor.
 */
export function useOpenBlankStoryInNewTab() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: createBlankStory,
    meta: { errorToast: false },
  });

  return useCallback(
    (view: EditorViewParam) => {
      if (!user) {
        requireSignIn(navigate, location, '/story/editor');
        return;
      }
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      mutate(undefined, {
        onSuccess: (story) => {
          const url = editorPath(story.id, view);
          if (tab) tab.location.href = url;
          else window.location.assign(url);
          void queryClient.invalidateQueries({ queryKey: queryKeys.stories.mine() });
        },
        onError: (error) => {
          tab?.close();
          console.error('Failed to create a blank story', error);
        },
      });
    },
    [user, navigate, location, mutate, queryClient],
  );
}
