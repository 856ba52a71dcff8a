import { useSyncExternalStore } from 'react';
import { subscribeToMediaQuery } from '../../lib/media-query.ts';

const query = '(display-mode: standalone)';

const subscribe = subscribeToMediaQuery(query);

/** Whether the site runs as an installed app (home-screen PWA). Always false on the server. */
export function useInstalledApp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches || (navigator as { standalone?: boolean }).standalone === true,
    () => false,
  );
}
