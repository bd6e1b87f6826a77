import { MESSAGES } from '@storyloom/core';
import { ArrowLeft, LayoutList, MonitorSmartphone, SquarePlay } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-error';
import { useStory } from '../story/use-story';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import { EditorModeChooser } from './editor-mode-chooser';
import { parseEditorView } from './editor-path';
import { VideoEditor } from './video/video-editor';

/**
 * /story/editor?story_id={id}&view=list|all-shots|video-editor. Loads the story; the video
 * editor (the default view) fills the window; the list view comes in a later issue. Without a story id it offers to
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
            <span className="flex items-center gap-1.5 rounded-full bg-zinc-900 px-3 py-1 text-xs font-medium text-white">
              {view === 'list' ? (
                <LayoutList className="size-3.5" aria-hidden />
              ) : (
                <SquarePlay className="size-3.5" aria-hidden />
              )}
              {view === 'list' ? 'Storyboard list view' : 'Video editor'}
            </span>
          </div>
          <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 md:hidden">
            <MonitorSmartphone className="size-4 shrink-0" aria-hidden />
            The editor works best on a larger screen. Open this story on a computer to edit it.
          </p>
          <ComingSoonNotice
            title={
              view === 'list'
                ? 'The storyboard list view arrives soon.'
                : 'The video editor arrives soon.'
            }
          >
            You will edit shots, captions, music and the multi-track timeline of this story here.
          </ComingSoonNotice>
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
