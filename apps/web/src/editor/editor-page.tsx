import { MESSAGES } from '@storyloom/core';
import { useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-error';
import { useStory } from '../story/use-story';
import { StatusNotice } from '../ui/status-notice';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import { EditorModeChooser } from './editor-mode-chooser';
import { parseEditorView } from './editor-path';
import { StoryboardListView } from './list/storyboard-list-view';
import { VideoEditor } from './video/video-editor';

/**
 * /story/editor?story_id={id}&view=list|all-shots|video-editor. Loads the story; the video
 * editor fills the window; the list view is the storyboard, shot by shot. Without a story id
 * it offers to start a blank story (e.g. after signing in from a create-from-scratch card).
 */
export function EditorPage() {
  const [searchParams] = useSearchParams();
  const storyId = searchParams.get('story_id');
  const view = parseEditorView(searchParams.get('view'));
  const {
    data: story,
    error,
    isPending,
  } = useStory(storyId, { followGeneration: view === 'list' });

  if (!storyId) return <EditorModeChooser />;

  if (view === 'video-editor')
    return (
      <div className="fixed inset-0 z-40 flex flex-col bg-white">
        {isPending ? (
          <div className="flex h-full items-center justify-center">
            <p data-testid="editor-loading" className="text-sm text-zinc-500">
              {MESSAGES.editor.loading}
            </p>
          </div>
        ) : story ? (
          <VideoEditor story={story} />
        ) : (
          <StatusNotice
            title={
              error instanceof ApiError && error.status === 404
                ? MESSAGES.story.notFound
                : MESSAGES.story.getStoryFailed
            }
          />
        )}
      </div>
    );

  return (
    <PageContainer className="flex flex-col gap-6">
      {isPending ? (
        <Spinner label="Loading story" />
      ) : story ? (
        <StoryboardListView story={story} />
      ) : (
        <StatusNotice
          title={
            error instanceof ApiError && error.status === 404
              ? MESSAGES.story.notFound
              : MESSAGES.story.getStoryFailed
          }
        />
      )}
    </PageContainer>
  );
}
