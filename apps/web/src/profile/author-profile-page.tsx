import { useParams } from 'react-router';
import { NotFoundPage } from '../app/not-found-page';
import { Avatar } from '../ui/avatar';
import { ComingSoonNotice } from '../ui/coming-soon-notice';
import { PageContainer } from '../ui/page-container';
import { usernameFromHandle } from './author-handle';

/** `/@{username}` — routed as `/:handle`; any other single segment is a 404. */
export function AuthorProfilePage() {
  const username = usernameFromHandle(useParams().handle);
  if (!username) return <NotFoundPage />;
  return (
    <PageContainer className="flex flex-col gap-8">
      <div className="flex items-center gap-4">
        <Avatar name={username} size="lg" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">@{username}</h1>
          <p className="text-sm text-zinc-600">Author profile</p>
        </div>
      </div>
      <ComingSoonNotice title="Author profiles arrive soon.">
        This page will show the stories @{username} has published to the community.
      </ComingSoonNotice>
    </PageContainer>
  );
}
