import { MESSAGES } from '@storyloom/core';
import { useProfile } from '../profile/use-profile';
import { InfiniteScrollSentinel } from '../ui/infinite-scroll-sentinel';
import { PageContainer } from '../ui/page-container';
import { StoryCardGrid } from './story-card-grid';
import { useMyStories } from './use-my-stories';

/** /story/my: every story of the user (or their team), with infinite scroll. */
export function MyStoriesPage() {
  const isTeam = useProfile().data?.isTeam ?? false;
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    useMyStories();
  const stories = data?.pages.flatMap((page) => page.stories) ?? [];

  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
          {isTeam ? MESSAGES.home.teamHeading : 'My stories'}
        </h1>
        {isTeam ? <p className="mt-1 text-sm text-zinc-600">{MESSAGES.home.teamNote}</p> : null}
      </div>
      <StoryCardGrid
        openedFrom="story_card_list"
        stories={stories}
        isPending={isPending}
        isError={isError}
        isFetchingNextPage={isFetchingNextPage}
        onRetry={() => void refetch()}
      />
      <InfiniteScrollSentinel
        disabled={isPending || !hasNextPage || isFetchingNextPage}
        onVisible={() => void fetchNextPage()}
      />
    </PageContainer>
  );
}
