import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { titleWithCount } from './shell-rules.ts';

/** Keeps `(N)` in front of the page title while there are unread messages or new likes. */
export function TitleCounter(props: { unreadMessages: number; newLikes: number }) {
  const { unreadMessages, newLikes } = props;
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title changes with every page
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, unreadMessages, newLikes);
      if (next !== document.title) document.title = next;
    };
    apply();
    const head = document.querySelector('head');
    if (!head) return;
    const observer = new MutationObserver(apply);
    observer.observe(head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [unreadMessages, newLikes, location.pathname]);
  return null;
}
