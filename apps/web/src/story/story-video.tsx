import { MESSAGES } from '@storyloom/core';
import { clsx } from 'clsx';

interface StoryVideoProps {
  src: string | null;
  poster: string | null;
  className?: string;
}

/** The exported video with controls, or a plain note when there is none. */
export function StoryVideo({ src, poster, className }: StoryVideoProps) {
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
      className={clsx('aspect-video w-full rounded-xl bg-black object-contain', className)}
    >
      {MESSAGES.preview.noVideoSupport}
    </video>
  );
}
