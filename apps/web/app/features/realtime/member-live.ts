import type { ChatsResponse } from '@app/shared/chat/chat';
import { apiRequest } from '../../lib/api-client.ts';
import { announceChatsLoaded } from '../chat/chats-events.ts';
import { announceLikesChanged } from '../likes/likes-events.ts';
import { onPushMessage } from '../push/push-state.ts';
import { startPeriodicRefresh } from '../shell/periodic-refresh.ts';
import { isLikeEvent, readCreditsBalance, readUnreadTotal } from './member-event-rules.ts';
import { onMemberEvent, onRefetch } from './member-events.ts';
import { startPresenceBeacon } from './presence-beacon.ts';
import { startRealtimeSocket } from './realtime-socket.ts';

/** What the page lends the realtime code: its router and its session user. */
export interface LivePage {
  userId: number;
  /** Runs the page's loaders again. */
  revalidate: () => void;
  /** Reads the session user again. */
  refreshUser: () => void;
  /** A new balance from the ledger. */
  showCredits: (credits: number) => void;
  /** News of the unread total (chats-unread.ts, lent so that React's code stays out of this chunk). */
  showUnreadMessages: (value: number) => void;
}

/**
 * The logged-in member's news, loaded after the page is live (never for visitors, never on the server): the
 * tab's socket (realtime-socket.ts), what the page does with each event no one part owns (likes reload the likes,
 * a balance shows in the nav, unread totals feed the badges, a refetch reloads everything shown), a push the worker
 * announces (the chats, likes and user reload: the socket may have been asleep), the presence beacon, and the spec's
 * periodic reload of the chats (5 s after load, then every 60 s, 300 s with push), the floor when news is missed.
 * The credits and likes have theirs (session-refresh.tsx, likes-state.tsx). Answers the function that stops it all.
 */
export function startMemberLive(page: LivePage): () => void {
  const reloadChats = async () => {
    try {
      const answer = await apiRequest<ChatsResponse>('GET', '/api/chats.php');
      page.showUnreadMessages(answer.unread_total);
      announceChatsLoaded(answer);
    } catch {
      // An ended session is the user refresh's news; anything else waits for the next reload.
    }
  };
  const stops = [
    startRealtimeSocket({
      userId: page.userId,
      onLoggedOut: () => {
        page.refreshUser();
        page.revalidate();
      },
    }),
    onMemberEvent((event) => {
      if (isLikeEvent(event)) announceLikesChanged();
      const credits = readCreditsBalance(event);
      if (credits !== null) page.showCredits(credits);
      const unread = readUnreadTotal(event);
      if (unread !== null) page.showUnreadMessages(unread);
    }),
    onRefetch(() => {
      page.revalidate();
      page.refreshUser();
      announceLikesChanged();
      void reloadChats();
    }),
    onPushMessage(() => {
      page.refreshUser();
      announceLikesChanged();
      void reloadChats();
    }),
    startPresenceBeacon(),
    startPeriodicRefresh(() => void reloadChats()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
