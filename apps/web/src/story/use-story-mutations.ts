import { MESSAGES, type Story } from '@storyloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { editorPath } from '../editor/editor-path';
import { queryKeys } from '../lib/query-keys';
import { deleteStory, operateTemplateStory, recoverStory } from '../lib/stories-api';

type StoryRef = Pick<Story, 'id' | 'is_template'>;

/** Delete: templates go through the copy call with operation delete (spec 1 §4). */
export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (story: StoryRef) => {
      if (story.is_template) await operateTemplateStory(story.id, 'delete');
      else await deleteStory(story.id);
    },
    onSuccess: (_result, story) => {
      queryClient.removeQueries({ queryKey: queryKeys.stories.detail(story.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
    },
  });
}

/** Recover: rebuild the timeline and export again, for free. */
export function useRecoverStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => recoverStory(storyId),
    meta: { errorToast: false },
    onSuccess: ({ workflowRunId }, storyId) => {
      toast.info(MESSAGES.story.generationStarted(workflowRunId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.mine() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) });
    },
    onError: (error) => {
      toast.error(MESSAGES.story.recoveryError(error.message));
    },
  });
}

/**
 * 'Edit the story': opens the editor's list view; a template is copied first (operation
 * edit) and the copy is opened.
 */
export function useEditStory() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (story: StoryRef) =>
      story.is_template ? (await operateTemplateStory(story.id, 'edit')).id : story.id,
    onSuccess: (storyId, story) => {
      if (story.is_template)
        void queryClient.invalidateQueries({ queryKey: queryKeys.stories.mine() });
      void navigate(editorPath(storyId, 'list'));
    },
  });
}
