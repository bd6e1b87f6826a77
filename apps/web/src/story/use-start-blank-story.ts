import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { editorPath, type EditorViewParam } from '../editor/editor-path';
import { createBlankStory } from '../lib/stories-api';
import { queryKeys } from '../lib/query-keys';

interface StartOptions {
  view?: EditorViewParam;
  /** Replace the current history entry (the editor's own chooser) instead of pushing. */
  replace?: boolean;
}

/**
 * Creates a blank story and opens it in the editor in this tab (the Create Story menu's
 * From Scratch, and the editor's chooser when it has no story id). Errors toast globally.
 */
export function useStartBlankStory() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (_options: StartOptions) => createBlankStory(),
    onSuccess: (story, { view, replace = false }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.mine() });
      void navigate(editorPath(story.id, view), { replace });
    },
  });
  return { start: mutation.mutate, isPending: mutation.isPending };
}
