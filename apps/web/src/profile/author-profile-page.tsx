import { useParams } from 'react-router';
import { NotFoundPage } from '../app/not-found-page';
import { CommunityStoryGrid } from '../community/community-gallery';
import { CommunitySoundToggle } from '../community/community-sound-toggle';
import { ApiError } from '../lib/api-error';
import { Avatar } from '../ui/avatar';
import { PageContainer } from '../ui/page-container';
import { usernameFromHandle } from './author-handle';
import { useAuthorProfile } from './use-author-profile';

/** `/@{username}` — routed as `/:handle`; any other single segment is a 404. */
export function AuthorProfilePage() {
  const username = usernameFromHandle(useParams().handle);
  if (!username) return <NotFoundPage />;
  return <AuthorProfile key={username} username={username} />;
}

/**
 * An author's public page: name, handle and avatar, and their published stories in the
 * community grid (infinite scroll, community preview). Team profiles and unknown usernames
 * are a 404 (the server does not tell them apart).
 */
function AuthorProfile({ username }: { username: string }) {
  const query = useAuthorProfile(username);
  const profile = query.data?.pages[0]?.profile;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  const name = profile?.displayName ?? username;
  const count = query.data?.pages.reduce((total, page) => total + page.stories.length, 0) ?? 0;

  return (
    <PageContainer className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} url={profile?.avatarUrl ?? null} size="lg" />
        <div className="min-w-0 flex-1">
          {profile ? (
            <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">
              {profile.displayName}
            </h1>
          ) : (
            <div className="h-8 w-48 animate-pulse rounded bg-zinc-200" />
          )}
          <p className="text-sm text-zinc-600">
            @{profile?.username ?? username}
            {profile && !query.hasNextPage
              ? ` · ${count} published ${count === 1 ? 'story' : 'stories'}`
              : null}
          </p>
        </div>
        <CommunitySoundToggle />
      </div>
      <CommunityStoryGrid
        query={query}
        emptyText={`@${profile?.username ?? username} has not published any stories yet.`}
        infinite
      />
    </PageContainer>
  );
}
