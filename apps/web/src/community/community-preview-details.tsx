import {
  communityCreateButton,
  MESSAGES,
  profilePath,
  storyDisplayDate,
  type Story,
} from '@storyloom/core';
import { Link } from 'react-router';
import { formatStoryDateTime } from '../lib/format-date';
import { CategoryBadge } from '../story/category-badge';
import { Avatar } from '../ui/avatar';
import { buttonClass } from '../ui/button-styles';

/** The preview's details panel: category, author, Example chip, title, date, create button. */
export function CommunityPreviewDetails({ story }: { story: Story }) {
  const authorPath = profilePath(story.profile);
  const create = communityCreateButton(story.category_id);
  const author = (
    <>
      <Avatar name={story.profile.display_name} url={story.profile.avatar_url} size="sm" />
      <span className="truncate">{story.profile.display_name}</span>
    </>
  );
  return (
    <div className="flex h-full flex-col gap-4 p-6">
      <div className="flex flex-wrap gap-2">
        <CategoryBadge categoryId={story.category_id} />
        {story.is_template ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            {MESSAGES.preview.example}
          </span>
        ) : null}
      </div>
      {authorPath ? (
        <Link
          to={authorPath}
          className="flex w-fit items-center gap-2 text-sm font-medium text-zinc-700 hover:text-brand-700"
        >
          {author}
        </Link>
      ) : (
        <span className="flex items-center gap-2 text-sm font-medium text-zinc-700">{author}</span>
      )}
      <div>
        <h2 className="text-xl font-semibold tracking-tight break-words text-zinc-900">
          {story.title}
        </h2>
        <p className="mt-1 text-sm text-zinc-500">{formatStoryDateTime(storyDisplayDate(story))}</p>
      </div>
      <p className="rounded-xl bg-zinc-50 p-3 text-xs text-zinc-600">
        Downloading and sharing community stories arrive soon.
      </p>
      <Link to={create.href} className={buttonClass('primary', 'md', 'mt-auto w-full')}>
        {create.label}
      </Link>
    </div>
  );
}
