import { useEffect, useState } from 'react';
import { cardProgress } from './card-progress';

interface StoryCardProgressProps {
  status: string;
  createdAt: string;
  durationSeconds: number | undefined;
}

function secondsSince(iso: string): number {
  const start = Date.parse(iso);
  return Number.isNaN(start) ? 0 : Math.max(0, (Date.now() - start) / 1000);
}

/** A processing card's progress view: a bar and a percentage that never go back. */
export function StoryCardProgress({ status, createdAt, durationSeconds }: StoryCardProgressProps) {
  const [progress, setProgress] = useState(() =>
    cardProgress({
      status,
      previous: undefined,
      elapsedSeconds: secondsSince(createdAt),
      durationSeconds,
    }),
  );

  useEffect(() => {
    const tick = () =>
      setProgress((previous) =>
        cardProgress({
          status,
          previous,
          elapsedSeconds: secondsSince(createdAt),
          durationSeconds,
        }),
      );
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [status, createdAt, durationSeconds]);

  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-brand-50 to-indigo-100 px-6">
      <span className="text-2xl font-semibold text-brand-700 tabular-nums">{progress}%</span>
      <div
        role="progressbar"
        aria-label="Generating"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 w-full overflow-hidden rounded-full bg-white/80"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-700"
          style={{ width: `${progress}%` }}
        />
      </div>
      <span className="text-xs font-medium text-brand-700/80">Generating…</span>
    </div>
  );
}
