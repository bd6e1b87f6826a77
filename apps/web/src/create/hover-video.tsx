import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useHoverCapable } from '../lib/use-hover-capable';

/** How close to its end a clip restarts from the beginning (spec 2 §2: 0.5 s). */
const RESTART_WITHIN_SECONDS = 0.5;

type ClipState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * A hover preview clip over its poster (spec 2 §2): idle until first hovered, then loading,
 * ready or error; it plays only while ready and hovered, restarts when within 0.5 s of its
 * end, is off on touch devices (no hover), and on failure the poster stays (logged).
 */
export function HoverVideo(props: {
  src: string;
  poster: string;
  hovered: boolean;
  className?: string;
}) {
  const hoverCapable = useHoverCapable();
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<ClipState>('idle');
  const active = hoverCapable && props.hovered;

  useEffect(() => {
    if (active && state === 'idle') setState('loading');
  }, [active, state]);

  useEffect(() => {
    const element = video.current;
    if (!element || state !== 'ready') return;
    if (active) {
      if (element.duration - element.currentTime <= RESTART_WITHIN_SECONDS) element.currentTime = 0;
      element.play().catch((failure: unknown) => console.error('Hover video failed', failure));
    } else element.pause();
  }, [active, state]);

  return (
    <span className={clsx('relative block overflow-hidden', props.className)}>
      <img src={props.poster} alt="" className="absolute inset-0 size-full object-cover" />
      {state === 'idle' || state === 'error' ? null : (
        <video
          ref={video}
          src={props.src}
          muted
          loop
          playsInline
          preload="auto"
          data-state={state}
          onCanPlay={() => setState((s) => (s === 'loading' ? 'ready' : s))}
          onError={() => {
            console.error('Hover video failed to load', props.src);
            setState('error');
          }}
          className={clsx(
            'absolute inset-0 size-full object-cover transition-opacity duration-300',
            state === 'ready' && active ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </span>
  );
}
