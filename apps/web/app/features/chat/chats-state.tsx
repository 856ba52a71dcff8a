import type { ChatsResponse } from '@app/shared/chat/chat';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { readUnreadTotal } from '../realtime/member-event-rules.ts';
import { onMemberEvent, onRefetch } from '../realtime/member-events.ts';
import { refreshSchedule } from '../shell/shell-rules.ts';

interface ChatsState {
  /** Unread messages over all conversations: the nav badges, and with new likes the title and app badge. */
  unreadTotal: number;
  /** The last answer of the periodic GET /api/chats.php, for the list to take; null until the first. */
  loaded: ChatsResponse | null;
}

const ChatsContext = createContext<ChatsState>({ unreadTotal: 0, loaded: null });

export function useChatsState(): ChatsState {
  return useContext(ChatsContext);
}

export function useUnreadMessages(): number {
  return useContext(ChatsContext).unreadTotal;
}

/**
 * The member's chat state in the shell (spec section 3, "Chat state"): the unread total, from the root loader at
 * first, then as each `message`, `chat_read` and `chat_removed` event says it, and from GET /api/chats.php 5 s
 * after load, every 60 s (the floor when news is missed) and after a refetch. Above the layouts, so that it lives
 * on while the member is in a conversation.
 */
export function ChatsProvider(props: { initialUnread: number; children: ReactNode }) {
  const user = useSessionUser();
  if (!user) return props.children;
  return (
    <MemberChats key={user.id} initialUnread={props.initialUnread}>
      {props.children}
    </MemberChats>
  );
}

function MemberChats(props: { initialUnread: number; children: ReactNode }) {
  const [unreadTotal, setUnreadTotal] = useState(props.initialUnread);
  const [loaded, setLoaded] = useState<ChatsResponse | null>(null);
  // The root loader runs again after a form post: its count is news then.
  useEffect(() => setUnreadTotal(props.initialUnread), [props.initialUnread]);

  const reload = useCallback(async () => {
    try {
      const answer = await apiRequest<ChatsResponse>('GET', '/api/chats.php');
      setLoaded(answer);
      setUnreadTotal(answer.unread_total);
    } catch {
      // An ended session is the user refresh's news; anything else waits for the next reload.
    }
  }, []);

  useEffect(() => {
    const { firstMs, intervalMs } = refreshSchedule(false);
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void reload();
      interval = setInterval(() => void reload(), intervalMs);
    }, firstMs);
    const stops = [
      onMemberEvent((event) => {
        const total = readUnreadTotal(event);
        if (total !== null) setUnreadTotal(total);
      }),
      onRefetch(() => void reload()),
    ];
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
      for (const stop of stops) stop();
    };
  }, [reload]);

  return <ChatsContext value={{ unreadTotal, loaded }}>{props.children}</ChatsContext>;
}
