import {
  communityCreateButton,
  isStoryOwner,
  MESSAGES,
  profilePath,
  storyDisplayDate,
  storyVideoType,
  VIDEO_TYPE_LABELS,
  type Story,
} from '@storyloom/core';
import { PencilLine, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signInPath } from '../auth/callback-url';
import { useCurrentUser } from '../auth/use-current-user';
import { formatStoryDateTime } from '../lib/format-date';
import type { ShareFlow } from '../share/use-share-flow';
import { SharePopover } from '../share/share-popover';
import { CategoryBadge } from '../story/category-badge';
import { DeleteStoryDialog } from '../story/delete-story-dialog';
import { StoryTitleEditor } from '../story/story-title-editor';
import { useEditStory } from '../story/use-story-mutations';
import { ThumbnailChooser } from '../thumbnail/thumbnail-chooser';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { buttonClass } from '../ui/button-styles';
import { recordStoryEvent, trackEvent } from '../lib/tracking';
import { StoryStats } from './story-stats';

export type PreviewVariant = 'library' | 'community';

interface StoryPreviewDetailsProps {
  story: Story;
  variant: PreviewVariant;
  flow: ShareFlow;
  onDeleted: () => void;
}

/**
 * The preview's details panel (spec 1 §2): category chips, the author (a profile link unless
 * a team), the Example chip, title and date; then Share & Download (not for examples),
 * 'Edit the story', Delete (library only: the owner's stories and examples) and the
 * out-of-sync hint; the community variant ends with the category's create button.
 */
export function StoryPreviewDetails({ story, variant, flow, onDeleted }: StoryPreviewDetailsProps) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const edit = useEditStory();
  const [deleting, setDeleting] = useState(false);
  const owner = isStoryOwner(story, user?.id);
  const authorPath = profilePath(story.profile);
  const videoType = story.category_id === 'music_video' ? storyVideoType(story) : null;
  const create = communityCreateButton(story.category_id);
  const signIn = () =>
    void navigate(signInPath(`${window.location.pathname}${window.location.search}`));

  const canEdit = variant === 'library' || owner || story.is_template;
  const canDelete = variant === 'library' && (owner || story.is_template);
  const outOfSync = story.is_published && story.is_export_outdated;

  const author = (
    <>
      <Avatar name={story.profile.display_name} url={story.profile.avatar_url} size="sm" />
      <span className="truncate">{story.profile.display_name}</span>
    </>
  );
  const shareButton = (
    <Button variant="secondary" className="w-full" disabled={flow.overlay !== null}>
      <Share2 className="size-4" aria-hidden />
      {MESSAGES.preview.shareAndDownload}
    </Button>
  );

  return (
    <div className="flex h-full flex-col gap-4 p-6" data-testid="story-preview-details">
      <div className="flex flex-wrap gap-2 pr-8">
        <CategoryBadge categoryId={story.category_id} />
        {videoType ? (
          <span className="inline-flex items-center rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700">
            {VIDEO_TYPE_LABELS[videoType]}
          </span>
        ) : null}
        {story.is_template ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            {MESSAGES.preview.example}
          </span>
        ) : null}
      </div>
      {authorPath ? (
        <Link
          to={authorPath}
          data-testid="preview-author"
          className="flex w-fit max-w-full items-center gap-2 text-sm font-medium text-zinc-700 hover:text-brand-700"
        >
          {author}
        </Link>
      ) : (
        <span
          data-testid="preview-author"
          className="flex max-w-full items-center gap-2 text-sm font-medium text-zinc-700"
        >
          {author}
        </span>
      )}
      <div>
        <StoryTitleEditor
          story={story}
          editable={owner && !story.is_template}
          size="md"
          testId="preview-title"
        />
        <time
          dateTime={storyDisplayDate(story)}
          className="mt-1 block text-sm text-zinc-500"
          data-testid="preview-date"
        >
          {formatStoryDateTime(storyDisplayDate(story))}
        </time>
      </div>
      {outOfSync ? (
        <p className="rounded-xl bg-amber-50 p-3 text-xs text-amber-800">
          {MESSAGES.preview.outOfSync}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        {story.is_template ? null : user ? (
          <SharePopover story={story} flow={flow} onDownloadZip={() => void flow.downloadZip()}>
            {shareButton}
          </SharePopover>
        ) : (
          <span className="contents" onClickCapture={signIn}>
            {shareButton}
          </span>
        )}
        {canEdit ? (
          <Button
            variant={variant === 'library' ? 'primary' : 'secondary'}
            className="w-full"
            disabled={edit.isPending}
            onClick={() => {
              if (!user) return signIn();
              trackEvent({
                event: 'editor_opened',
                properties: { story_id: story.id, opened_from: 'preview_video_dialog' },
              });
              edit.mutate(story);
            }}
          >
            <PencilLine className="size-4" aria-hidden />
            {MESSAGES.preview.editStory}
          </Button>
        ) : null}
        {canDelete ? (
          <>
            <Button variant="secondary" className="w-full" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4 text-red-600" aria-hidden />
              {MESSAGES.preview.delete}
            </Button>
            <DeleteStoryDialog
              story={story}
              open={deleting}
              onOpenChange={setDeleting}
              onDeleted={onDeleted}
            />
          </>
        ) : null}
      </div>
      {owner && story.is_published ? <StoryStats storyId={story.id} /> : null}
      {owner && !story.is_template ? <ThumbnailChooser story={story} /> : null}
      {variant === 'community' ? (
        <Link
          to={create.href}
          onClick={() => recordStoryEvent(story.id, 'create_click')}
          className={buttonClass('primary', 'md', 'mt-auto w-full')}
        >
          {create.label}
        </Link>
      ) : null}
    </div>
  );
}
