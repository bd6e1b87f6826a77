import { categoryName, MESSAGES, profilePath } from '@storyloom/core';
import { Link, useParams } from 'react-router';
import { useStory } from '../story/use-story';
import { StoryVideo } from '../story/story-video';
import { Avatar } from '../ui/avatar';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';

/** /story/share/{id}: the public share link. The full share page comes in a later issue. */
export function SharePage() {
  const { id } = useParams();
  const { data: story, isPending, isError } = useStory(id);
  const authorPath = story ? profilePath(story.profile) : null;

  return (
    <PageContainer width="wide" className="flex flex-col gap-6">
      {isPending ? (
        <Spinner label="Loading story" />
      ) : story ? (
        <>
          <StoryVideo src={story.last_export_url} poster={story.last_export_thumbnail_url} />
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">
              {story.title}
            </h1>
            <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-600">
              <span className="flex items-center gap-2">
                <Avatar
                  name={story.profile.display_name}
                  url={story.profile.avatar_url}
                  size="sm"
                />
                {authorPath ? (
                  <Link to={authorPath} className="font-medium hover:text-brand-700">
                    {story.profile.display_name}
                  </Link>
                ) : (
                  <span className="font-medium">{story.profile.display_name}</span>
                )}
              </span>
              <span aria-hidden>·</span>
              <span>{categoryName(story.category_id)}</span>
            </div>
          </div>
          <ComingSoonNotice title="The share page arrives soon.">
            Downloading, copying the link and sharing to social networks will be offered here.
          </ComingSoonNotice>
        </>
      ) : (
        <ComingSoonNotice title={isError ? MESSAGES.story.notFound : MESSAGES.story.noStoryId} />
      )}
    </PageContainer>
  );
}
