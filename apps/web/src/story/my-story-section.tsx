import { MESSAGES } from '@storyloom/core';
import { useCurrentUser } from '../auth/use-current-user';
import { HOME_MY_STORY_LIMIT } from '../lib/grid-layout';
import { useProfile } from '../profile/use-profile';
import { SectionHeader } from '../ui/section-header';
import { StoryCardGrid } from './story-card-grid';
import { useMyStories } from './use-my-stories';

/** Section 2 of the story home: the latest 4 stories ('Shared Team Story' for teams). */
export function MyStorySection() {
  const { user, isPending: userPending } = useCurrentUser();
  const isTeam = useProfile().data?.isTeam ?? false;
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader
        title={isTeam ? MESSAGES.home.teamHeading : MESSAGES.home.myStoryHeading}
        viewAllTo={user ? '/story/my' : undefined}
        viewAllLabel={MESSAGES.home.viewAll}
      >
        {isTeam ? <p className="text-sm text-zinc-600">{MESSAGES.home.teamNote}</p> : null}
      </SectionHeader>
      {user ? (
        <LatestStories />
      ) : userPending ? null : (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-10 text-center text-sm text-zinc-600">
          Sign in to see and continue your stories.
        </p>
      )}
    </section>
  );
}

function LatestStories() {
  const { data, isPending, isError, refetch } = useMyStories();
  const stories = (data?.pages[0]?.stories ?? []).slice(0, HOME_MY_STORY_LIMIT);
  return (
    <StoryCardGrid
      openedFrom="story_card"
      stories={stories}
      isPending={isPending}
      isError={isError}
      isFetchingNextPage={false}
      onRetry={() => void refetch()}
      initialSkeletons={HOME_MY_STORY_LIMIT}
    />
  );
}
