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

const day = 24 * 60 * 60_000;

/** The member's banners that can be closed: where the moment is kept, and how long a closed one stays away. */
const memberBanners = {
  /** The disabled-notifications alert, while the mails stay off. */
  mail: { key: 'mail-alert-dismissed', pauseMs: 7 * day },
  /** The profile-photo alert: closed for good, a photo is the member's own choice. */
  photo: { key: 'profile-photo-alert-dismissed', pauseMs: Number.POSITIVE_INFINITY },
  /** The push-notification alert. */
  push: { key: 'push-alert-dismissed', pauseMs: 14 * day },
} as const;

type BannerName = keyof typeof memberBanners;

function readDismissal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Whether a banner would show now, as far as its closing goes (this browser's storage). */
export function isMemberBannerDue(name: BannerName): boolean {
  const { key, pauseMs } = memberBanners[name];
  return isBannerDue(readDismissal(key), pauseMs, Date.now());
}

/**
 * Whether the banner is closed for now, and how to close it. `initiallyDismissed` is what the server render and the
 * first browser render assume, before this browser's storage is read; `waitsFor` says the banner stays away while
 * that is true (read with the storage, after hydration).
 */
export function useBannerDismissal(name: BannerName, initiallyDismissed: boolean, waitsFor?: () => boolean) {
  const { key } = memberBanners[name];
  const [dismissed, setDismissed] = useState(initiallyDismissed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per banner, after hydration.
  useEffect(() => setDismissed(!isMemberBannerDue(name) || (waitsFor?.() ?? false)), [name]);
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
