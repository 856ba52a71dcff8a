import { useSyncExternalStore } from 'react';
import { useRootData } from '../../lib/root-data.ts';

/**
 * The unread total over all conversations (spec section 3, "Chat state"): the root loader's count until news (a
 * `message`, `chat_read` or `chat_removed` event, or the periodic GET /api/chats.php) says otherwise. Kept outside
 * React's tree, so that it lives on from one layout to another and the realtime code (member-live.ts) can feed it.
 */

let unread: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

export function showUnreadMessages(value: number) {
  unread = value;
  notify();
}

/** The member left (or another logged in): their news is no one else's. */
export function forgetUnreadMessages() {
  unread = null;
  notify();
}

/** Unread messages over all conversations: the nav badges, and with new likes the title and app badge. */
export function useUnreadMessages(): number {
  const root = useRootData();
  const news = useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
  return news ?? root.unreadMessages;
}
