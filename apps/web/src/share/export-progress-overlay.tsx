import { exportOverlayText, MESSAGES } from '@storyloom/core';
import { useEffect, useState } from 'react';
import { nextRingProgress } from './share-rules';
import type { ExportOverlayState } from './use-share-flow';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Ring value for a phase: random steps up to 90 while running, 100 when done, 0 on failure. */
function useRingProgress(phase: ExportOverlayState['phase']) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = window.setInterval(
      () => setProgress((current) => nextRingProgress(current, Math.random())),
      700,
    );
    return () => window.clearInterval(timer);
  }, [phase]);
  if (phase === 'failed') return 0;
  if (phase === 'complete' || phase === 'downloading') return 100;
  return progress;
}

/** The export progress overlay (spec 1 §4): a percent ring and the status text. */
export function ExportProgressOverlay({ state }: { state: ExportOverlayState }) {
  const progress = useRingProgress(state.phase);
  const text = exportOverlayText(state.phase === 'complete' ? 'completed' : state.status, {
    downloading: state.phase === 'downloading',
    error: state.phase === 'failed',
  });
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="export-progress-overlay"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 bg-zinc-950/80 p-6 text-center text-white backdrop-blur-sm"
    >
      <div className="relative size-28">
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden>
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            className="stroke-white/15"
          />
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - progress / 100)}
            className={
              state.phase === 'failed'
                ? 'stroke-red-400 transition-[stroke-dashoffset] duration-500'
                : 'stroke-brand-500 transition-[stroke-dashoffset] duration-500'
            }
          />
        </svg>
        <span className="absolute inset-0 grid place-items-center text-2xl font-semibold tabular-nums">
          {progress}%
        </span>
      </div>
      <p className="text-sm font-medium">{text}</p>
      {state.phase === 'failed' ? (
        <p className="max-w-xs text-xs text-red-200">
          {state.error || MESSAGES.exportOverlay.genericError}
        </p>
      ) : null}
    </div>
  );
}
