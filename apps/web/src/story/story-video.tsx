import { MESSAGES } from '@storyloom/core';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { createPlayTracker } from '../lib/tracking';

interface StoryVideoProps {
  /** When given, plays are reported as play sessions of this story. */
  storyId?: string;
  src: string | null;
  poster: string | null;
  className?: string;
}

/** The exported video with controls, or a plain note when there is none. */
export function StoryVideo({ storyId, src, poster, className }: StoryVideoProps) {
  // One tracker per story shown; a new story starts a new play session.
  const tracker = useMemo(() => (storyId ? createPlayTracker(storyId) : null), [storyId]);
  if (!src) {
    return (
      <div
        className={clsx(
          'flex aspect-video items-center justify-center rounded-xl bg-zinc-900 text-sm text-zinc-400',
          className,
        )}
      >
        {MESSAGES.myStories.noPreview}
      </div>
    );
  }
  return (
    <video
      src={src}
      poster={poster ?? undefined}
      controls
      playsInline
      preload="metadata"
      onPlay={() => tracker?.play()}
      onTimeUpdate={(e) => tracker?.progress(e.currentTarget.currentTime, e.currentTarget.duration)}
      onEnded={() => tracker?.ended()}
      className={clsx('aspect-video w-full rounded-xl bg-black object-contain', className)}
    >
      {MESSAGES.preview.noVideoSupport}
    </video>
  );
}
