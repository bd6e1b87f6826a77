import { failedStoryMessage, MESSAGES, type Story, type StoryCardState } from '@storyloom/core';
import { FilePenLine, TriangleAlert } from 'lucide-react';
import { StoryCardProgress } from './story-card-progress';

interface StoryCardThumbnailProps {
  story: Story;
  state: StoryCardState;
}

/** The card picture by state (spec 1 §2): error, draft placeholder, progress or thumbnail. */
export function StoryCardThumbnail({ story, state }: StoryCardThumbnailProps) {
  const thumbnail = story.last_export_thumbnail_url;

  if (state === 'failed') {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 bg-red-50 px-4 text-center">
        <TriangleAlert className="size-7 text-red-500" aria-hidden />
        <p className="line-clamp-3 text-xs text-red-700">{failedStoryMessage(story.status)}</p>
      </div>
    );
  }
  if (state === 'processing') {
    return (
      <StoryCardProgress
        status={story.status}
        createdAt={story.created_at}
        durationSeconds={story.metadata.duration}
      />
    );
  }
  if (state === 'draft' && !thumbnail) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-zinc-100 to-zinc-200 text-zinc-500">
        <FilePenLine className="size-7" aria-hidden />
        <span className="text-xs font-medium">Draft</span>
      </div>
    );
  }
  if (thumbnail) {
    return (
      <img
        src={thumbnail}
        alt=""
        loading="lazy"
        className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    );
  }
  return (
    <div className="flex size-full items-center justify-center bg-zinc-100 text-xs font-medium text-zinc-500">
      {MESSAGES.myStories.noPreview}
    </div>
  );
}
