import type { Story } from '@storyloom/core';
import { Clock } from 'lucide-react';
import { useRef } from 'react';
import { formatDuration } from '../lib/format-duration';
import { useHoverCapable } from '../lib/use-hover-capable';
import { CategoryBadge } from '../story/category-badge';
import { Avatar } from '../ui/avatar';
import { useCommunitySoundStore } from './community-sound-store';

interface CommunityStoryCardProps {
  story: Story;
  onOpen: (story: Story) => void;
}

/**
 * A published story: thumbnail with a category badge and the duration; on desktop, hovering
 * plays the export (muted unless the sound toggle is on).
 */
export function CommunityStoryCard({ story, onOpen }: CommunityStoryCardProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hoverCapable = useHoverCapable();
  const soundOn = useCommunitySoundStore((state) => state.soundOn);
  const duration = formatDuration(story.metadata.duration);
  const previewUrl = hoverCapable ? story.last_export_url : null;

  const play = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !soundOn;
    video.play().catch(() => {
      // Autoplay refused (e.g. sound without a user gesture): the poster stays.
    });
  };
  const stop = () => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    video.currentTime = 0;
  };

  return (
    <button
      type="button"
      data-testid="community-story-card"
      aria-label={story.title}
      onClick={() => onOpen(story)}
      onMouseEnter={play}
      onMouseLeave={stop}
      className="group flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <div className="relative aspect-[4/5] w-full overflow-hidden bg-zinc-900">
        {story.last_export_thumbnail_url ? (
          <img
            src={story.last_export_thumbnail_url}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-xs text-zinc-400">
            No preview
          </div>
        )}
        {previewUrl ? (
          <video
            ref={videoRef}
            src={previewUrl}
            muted
            loop
            playsInline
            preload="none"
            className="absolute inset-0 size-full object-cover opacity-0 transition-opacity group-hover:opacity-100"
          />
        ) : null}
        <CategoryBadge
          categoryId={story.category_id}
          className="absolute top-2 left-2 max-w-[calc(100%-1rem)] truncate bg-white/90 backdrop-blur"
        />
        {duration ? (
          <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white tabular-nums">
            <Clock className="size-3" aria-hidden />
            {duration}
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5 p-3">
        <span
          data-testid="community-story-title"
          className="block truncate text-sm font-semibold text-zinc-900"
        >
          {story.title}
        </span>
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500">
          <Avatar name={story.profile.display_name} url={story.profile.avatar_url} size="sm" />
          <span className="truncate">{story.profile.display_name}</span>
        </span>
      </div>
    </button>
  );
}
