import type { UserResponse } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { forgetUnreadMessages, showUnreadMessages } from '../chat/chats-unread.ts';
import { refreshSchedule } from '../shell/shell-rules.ts';

const SessionUserContext = createContext<SessionUser | null>(null);

/**
 * Keeps the logged-in user fresh (credits, status, photo): fetched 5 s after load and then every 60 s, only while
 * logged in. A 403 from the user call means the session ended elsewhere. Starts the member's realtime news too
 * (features/realtime/member-live.ts), once the page is live: its code loads then, never for a visitor.
 */
export function SessionUserProvider(props: { initialUser: SessionUser | null; children: ReactNode }) {
  const [user, setUser] = useState(props.initialUser);
  useEffect(() => setUser(props.initialUser), [props.initialUser]);
  const userId = user?.id;
  const paidUser = useRef(false);
  paidUser.current = user?.paid_user ?? false;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (userId === undefined) return;
    // Push is not built yet: the 60 s rhythm.
    const { firstMs, intervalMs } = refreshSchedule(false);
    let interval: ReturnType<typeof setInterval> | undefined;
    let stopLive: (() => void) | undefined;
    let active = true;
    const refresh = () =>
      void apiRequest<UserResponse>('GET', '/api/user.php')
        .then((answer) => setUser(answer.user))
        .catch((error: { code?: string }) => {
          if (error?.code === 'authentication_required') setUser(null);
        });
    const first = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, intervalMs);
    }, firstMs);
    import('../realtime/member-live.ts').then(
      ({ startMemberLive }) => {
        if (!active) return;
        stopLive = startMemberLive({
          userId,
          revalidate: () => void revalidate(),
          refreshUser: refresh,
          showCredits: (credits) => {
            setUser((current) => current && { ...current, credits });
            // A free member's first purchase also makes them premium, which the balance does not say.
            if (!paidUser.current) refresh();
          },
          showUnreadMessages,
        });
      },
      () => {
        // Without it the 60 s refreshes still bring the news.
      },
    );
    return () => {
      active = false;
      clearTimeout(first);
      if (interval) clearInterval(interval);
      stopLive?.();
      forgetUnreadMessages();
    };
  }, [userId, revalidate]);
  return <SessionUserContext value={user}>{props.children}</SessionUserContext>;
}

/** The logged-in user as last fetched, or null. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}
