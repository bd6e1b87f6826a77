import {
  storyCardClick,
  storyCardState,
  storyDisplayDate,
  categoryName,
  type Story,
} from '@storyloom/core';
import { useNavigate } from 'react-router';
import { formatStoryDate } from '../lib/format-date';
import { FailedStoryActionBar } from './failed-story-action-bar';
import { StoryCardThumbnail } from './story-card-thumbnail';
import { useEditStory } from './use-story-mutations';
import { trackEvent } from '../lib/tracking';

/** Card image height (spec 1 §9). */
export const STORY_CARD_IMAGE_HEIGHT = 146;

/**
 * A card of the user's library. Clicking it by state (spec 1 §2): ready opens the preview,
 * editor-ready opens the editor's list view, draft the editor, failed the story detail;
 * processing cards do nothing. Failed cards carry their actions. The grid owns the preview.
 */
export type EditorOpenedFrom = 'story_card' | 'story_card_list';

export function StoryCard({
  story,
  openedFrom,
  onPreview,
}: {
  story: Story;
  openedFrom: EditorOpenedFrom;
  onPreview: (story: Story) => void;
}) {
  const navigate = useNavigate();
  const edit = useEditStory();
  const state = storyCardState(story);
  const click = storyCardClick(story);

  const onClick = () => {
    if (click.kind === 'preview') {
      onPreview(story);
    } else if (click.kind === 'navigate') {
      if (click.href.startsWith('/story/editor')) {
        trackEvent({
          event: 'editor_opened',
          properties: { story_id: story.id, opened_from: openedFrom },
        });
      }
      // A template is copied before it is edited (spec 1 §4); the copy opens in the editor.
      if (story.is_template && click.href.startsWith('/story/editor')) edit.mutate(story);
      else void navigate(click.href);
    }
  };

  const body = (
    <>
      <div
        className="relative overflow-hidden bg-zinc-100"
        style={{ height: STORY_CARD_IMAGE_HEIGHT }}
      >
        <StoryCardThumbnail story={story} state={state} />
      </div>
      <div className="flex flex-col gap-1 p-3">
        <span
          data-testid="story-card-title"
          className="block truncate text-sm font-semibold text-zinc-900"
        >
          {story.title}
        </span>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500">
          <span className="truncate">{categoryName(story.category_id)}</span>
          <span aria-hidden>·</span>
          <time dateTime={storyDisplayDate(story)} className="shrink-0">
            {formatStoryDate(storyDisplayDate(story))}
          </time>
        </p>
      </div>
    </>
  );

  return (
    <div
      data-testid="story-card"
      data-state={state}
      className="group flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      {click.kind === 'none' ? (
        <div className="text-left">{body}</div>
      ) : (
        <button
          type="button"
          aria-label={story.title}
          onClick={onClick}
          className="text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        >
          {body}
        </button>
      )}
      {state === 'failed' ? (
        <div className="mt-auto border-t border-zinc-100 px-3 py-2.5">
          <FailedStoryActionBar story={story} size="xs" />
        </div>
      ) : null}
    </div>
  );
}
