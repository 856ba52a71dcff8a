import type { Locale } from '@app/shared/i18n/locales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { onMemberEvent } from '../realtime/member-events.ts';
import { onChatsLoaded } from './chats-events.ts';
import { applyChatEvent, type ChatListEntry, formatChatTime, toChatListEntry } from './chats-rules.ts';

/**
 * The conversation list as the page shows it: as loaded, then as the member's events (a message, a read, a
 * removal), the shell's periodic reload and the page's own deletes change it. A chat deleted here stays out of
 * any list that still holds it, until `restore` (its delete failed).
 */
export function useLiveChats(loaded: readonly ChatListEntry[], locale: Locale, timeZone: string) {
  const [entries, setEntries] = useState(loaded);
  const current = useRef(loaded);
  const removed = useRef(new Set<number>());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const show = useCallback((list: readonly ChatListEntry[]) => {
    const kept = list.filter((entry) => !removed.current.has(entry.conversation.id));
    current.current = kept;
    setEntries(kept);
  }, []);

  useEffect(() => show(loaded), [loaded, show]);

  useEffect(
    () =>
      onMemberEvent((event) => {
        const describeTime = (at: string) => formatChatTime(at, Date.now(), locale, timeZone);
        const next = applyChatEvent(current.current, event, describeTime);
        if (next.entries !== current.current) show(next.entries);
        // A new conversation: the list is read again, with its member's name and photo.
        if (next.unknown) void revalidate.current();
      }),
    [locale, timeZone, show],
  );

  // The shell's periodic GET /api/chats.php (member-live.ts): one that arrives while the page is open is newer.
  useEffect(
    () =>
      onChatsLoaded((answer) => {
        const now = Date.now();
        show(answer.chats.map((chat) => toChatListEntry(chat, now, locale, timeZone)));
      }),
    [locale, timeZone, show],
  );

  return {
    entries,
    /** Takes a chat out of the list at once. */
    remove: (id: number) => {
      removed.current.add(id);
      show(current.current);
    },
    /** Lets a chat whose delete failed come back with the next list. */
    restore: (id: number) => {
      removed.current.delete(id);
    },
  };
}
