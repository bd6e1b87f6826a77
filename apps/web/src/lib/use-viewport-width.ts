import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const getWidth = () => window.innerWidth;

/** The viewport width in CSS pixels, updated on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, getWidth, () => 1280);
}
