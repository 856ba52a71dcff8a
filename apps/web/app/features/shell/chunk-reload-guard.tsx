import { useEffect } from 'react';
import { isChunkLoadError, shouldReloadAfterChunkError } from './shell-rules.ts';

const storageKey = 'chunk-reload-at';

/** Reloads the page when a newer deploy removed the chunk the page asks for, at most once a minute. */
function reloadAfterChunkError(): boolean {
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(storageKey);
    last = stored ? Number(stored) : null;
  } catch {
    // Storage may be blocked; then reload without the guard's memory would risk a loop, so do not.
    return false;
  }
  const now = Date.now();
  if (!shouldReloadAfterChunkError(last, now)) return false;
  sessionStorage.setItem(storageKey, String(now));
  window.location.reload();
  return true;
}

export function ChunkReloadGuard() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkError()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
