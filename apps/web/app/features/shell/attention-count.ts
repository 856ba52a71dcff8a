import { useEffect } from 'react';
import { titleWithCount } from './shell-rules.ts';

/**
 * Puts `(N) ` in front of the page title (unread messages plus new likes) and keeps it there: pages set their own
 * title (React renders their <title>, some set document.title), so a watch on <head> puts the prefix back after
 * each change. At 0, and when the member leaves, the bare title stays.
 */
function useCountInTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithCount(document.title, count);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The installed app's icon badge, where the browser has one (spec: unread messages plus new likes). */
function useAppBadge(count: number) {
  useEffect(() => {
    const badges = navigator as BadgeNavigator;
    if (typeof badges.setAppBadge !== 'function') return;
    // Refused when the site is not installed or the permission is missing: nothing to show then.
    const ignore = () => {};
    if (count > 0) badges.setAppBadge(count).catch(ignore);
    else badges.clearAppBadge?.().catch(ignore);
  }, [count]);
  useEffect(
    () => () => {
      (navigator as BadgeNavigator).clearAppBadge?.().catch(() => {});
    },
    [],
  );
}

/** What asks for the member's attention, in the title and on the app icon. */
export function useAttentionCount(count: number) {
  useCountInTitle(count);
  useAppBadge(count);
}
