import { MESSAGES, orderedShots } from '@storyloom/core';
import { ArrowLeft, MonitorSmartphone, SquarePlay } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-error';
import { StoryShots } from '../story/made-with';
import { useStory } from '../story/use-story';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import { EditorModeChooser } from './editor-mode-chooser';
import { editorPath, parseEditorView } from './editor-path';
import { VideoEditor } from './video/video-editor';

/**
 * /story/editor?story_id={id}&view=list|all-shots|video-editor. Loads the story; the video
 * editor fills the window; the list view shows the story's shots with a way into the video
 * editor (their editing comes with the list view's own issue). Without a story id it offers to
 * start a blank story (e.g. after signing in from a create-from-scratch card).
 */
export function EditorPage() {
  const [searchParams] = useSearchParams();
  const storyId = searchParams.get('story_id');
  const view = parseEditorView(searchParams.get('view'));
  const { data: story, error, isPending } = useStory(storyId);

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
          <ComingSoonNotice
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
      <Link
        to="/story/my"
        className="flex w-fit items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My stories
      </Link>
      {isPending ? (
        <Spinner label="Loading story" />
      ) : story ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1
              data-testid="editor-story-title"
              className="text-2xl font-semibold tracking-tight break-words text-zinc-900"
            >
              {story.title}
            </h1>
            <Link
              to={editorPath(story.id, 'video-editor')}
              className="flex items-center gap-1.5 rounded-full bg-zinc-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-zinc-700"
            >
              <SquarePlay className="size-3.5" aria-hidden />
              Open the video editor
            </Link>
          </div>
          <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 md:hidden">
            <MonitorSmartphone className="size-4 shrink-0" aria-hidden />
            The editor works best on a larger screen. Open this story on a computer to edit it.
          </p>
          {orderedShots(story.storyboard?.shots_map ?? {}).length > 0 ? (
            <StoryShots story={story} />
          ) : (
            <p className="text-sm text-zinc-600">
              This story has no shots yet. Open the video editor to build it from your media.
            </p>
          )}
        </>
      ) : (
        <ComingSoonNotice
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
