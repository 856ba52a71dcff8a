import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useRefreshSessionUser, useSessionUser } from '../accounts/session-refresh.tsx';
import { announceLikesChanged } from '../likes/likes-events.ts';
import { isLikeEvent } from './member-event-rules.ts';
import { onMemberEvent, onRefetch } from './member-events.ts';

/**
 * The logged-in member's realtime news, in every layout: the tab's one socket (realtime-socket.ts, loaded after
 * the page is live, never for visitors nor on the server), and what the page does with news no one part owns:
 * likes reload the likes (badge, lists, modals), a refetch reloads the page's data, an ended session shows the
 * page logged out. The credits (session-refresh.tsx) and the chats (chats-state.tsx) listen themselves.
 */
export function MemberRealtime() {
  const userId = useSessionUser()?.id ?? null;
  const refreshUser = useRefreshSessionUser();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    let stop: (() => void) | undefined;
    import('./realtime-socket.ts')
      .then(({ startRealtimeSocket }) => {
        if (!active) return;
        stop = startRealtimeSocket({
          userId,
          onLoggedOut: () => {
            refreshUser();
            void revalidate.current();
          },
        });
      })
      .catch(() => {
        // Without the socket the 60 s refresh still brings the news.
      });
    return () => {
      active = false;
      stop?.();
    };
  }, [userId, refreshUser]);

  useEffect(() => {
    if (userId === null) return;
    const stops = [
      onMemberEvent((event) => {
        if (isLikeEvent(event)) announceLikesChanged();
      }),
      onRefetch(() => {
        void revalidate.current();
        announceLikesChanged();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [userId]);

  return null;
}
