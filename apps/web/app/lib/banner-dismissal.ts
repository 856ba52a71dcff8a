import { useEffect, useState } from 'react';

/**
 * Banner dismissals (spec section 4): the moment a member closed a banner, kept in this browser. A banner comes back
 * `pauseMs` after it was closed; a stored moment that is no time, or in the future, counts as never closed.
 */
export function isBannerDue(dismissedAt: string | null, pauseMs: number, now: number): boolean {
  if (dismissedAt === null) return true;
  const at = Number(dismissedAt);
  if (!Number.isFinite(at) || at <= 0 || at > now) return true;
  return now - at >= pauseMs;
}

function readDismissal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Whether the banner under `key` is closed for now, and how to close it. `initiallyDismissed` is what the server
 * render and the first browser render assume, before this browser's storage is read.
 */
export function useBannerDismissal(key: string, pauseMs: number, initiallyDismissed: boolean) {
  const [dismissed, setDismissed] = useState(initiallyDismissed);
  useEffect(() => setDismissed(!isBannerDue(readDismissal(key), pauseMs, Date.now())), [key, pauseMs]);
  return {
    dismissed,
    dismiss() {
      try {
        localStorage.setItem(key, String(Date.now()));
      } catch {
        // Without storage the banner just comes back next time.
      }
      setDismissed(true);
    },
  };
}
