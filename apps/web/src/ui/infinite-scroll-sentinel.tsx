import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_THRESHOLD } from '../lib/grid-layout';

interface InfiniteScrollSentinelProps {
  /** Called when 10% of the sentinel becomes visible. */
  onVisible: () => void;
  disabled: boolean;
}

/** An invisible marker after a list; seeing it loads the next page. */
export function InfiniteScrollSentinel({ onVisible, disabled }: InfiniteScrollSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onVisibleRef = useRef(onVisible);
  useEffect(() => {
    onVisibleRef.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!element || disabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisibleRef.current();
      },
      { threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled]);

  return <div ref={ref} aria-hidden className="h-4 w-full" />;
}
