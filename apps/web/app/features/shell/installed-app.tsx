import { useSyncExternalStore } from 'react';

const query = '(display-mode: standalone)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the site runs as an installed app (home-screen PWA). Always false on the server. */
export function useInstalledApp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches || (navigator as { standalone?: boolean }).standalone === true,
    () => false,
  );
}
