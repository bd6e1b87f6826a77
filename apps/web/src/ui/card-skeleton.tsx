import { clsx } from 'clsx';

interface CardSkeletonsProps {
  count: number;
  /** Height of the image area in pixels, or classes for it (e.g. an aspect ratio). */
  imageHeight?: number;
  imageClassName?: string;
}

/** Placeholder cards while a list loads. */
export function CardSkeletons({ count, imageHeight, imageClassName }: CardSkeletonsProps) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          data-testid="card-skeleton"
          aria-hidden
          className="overflow-hidden rounded-2xl border border-zinc-200 bg-white"
        >
          <div
            className={clsx('animate-pulse bg-zinc-200', imageClassName)}
            style={imageHeight ? { height: imageHeight } : undefined}
          />
          <div className="flex flex-col gap-2 p-3">
            <div className="h-4 w-3/4 animate-pulse rounded bg-zinc-200" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-zinc-100" />
          </div>
        </div>
      ))}
    </>
  );
}
