import { useSyncExternalStore } from 'react';

const query = '(hover: hover) and (pointer: fine)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True on desktops (a fine pointer that can hover); false on touch devices. */
export function useHoverCapable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
