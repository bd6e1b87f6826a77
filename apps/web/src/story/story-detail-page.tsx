import {
  categoryName,
  failedStoryMessage,
  isFailedStatus,
  MESSAGES,
  storyDisplayDate,
} from '@storyloom/core';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatStoryDateTime } from '../lib/format-date';
import { StatusNotice } from '../ui/status-notice';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import { buttonClass } from '../ui/button-styles';
import { FailedStoryActionBar } from './failed-story-action-bar';
import { MadeWith, StoryShots } from './made-with';
import { StoryVideo } from './story-video';
import { useStory } from './use-story';

/** /story/my/{id}: a story of the user — its video, what made it, its shots; a failure's message and actions. */
export function StoryDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: story, isPending } = useStory(id);

  return (
    <PageContainer width="medium" className="flex flex-col gap-6">
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
          <div>
            <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">
              {story.title}
            </h1>
            <p className="mt-1 text-sm text-zinc-500">
              {categoryName(story.category_id)} · {formatStoryDateTime(storyDisplayDate(story))}
            </p>
          </div>
          {isFailedStatus(story.status) ? (
            <div className="flex flex-col gap-4 rounded-2xl border border-red-200 bg-red-50 p-5">
              <p className="flex items-start gap-2 text-sm text-red-800">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {failedStoryMessage(story.status)}
              </p>
              <FailedStoryActionBar story={story} onDeleted={() => void navigate('/story/my')} />
            </div>
          ) : null}
          <StoryVideo
            storyId={story.id}
            src={story.last_export_url}
            poster={story.last_export_thumbnail_url}
          />
          <MadeWith story={story} />
          <div className="flex gap-2">
            <Link
              to={`/story/editor?story_id=${encodeURIComponent(story.id)}&view=video-editor`}
              className={buttonClass('primary', 'sm')}
            >
              Open Editor
            </Link>
          </div>
          <StoryShots story={story} />
        </>
      ) : (
        <StatusNotice title={MESSAGES.story.notFound} />
      )}
    </PageContainer>
  );
}
