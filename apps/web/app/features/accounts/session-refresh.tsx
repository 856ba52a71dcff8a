import type { UserResponse } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { forgetUnreadMessages, showUnreadMessages } from '../chat/chats-unread.ts';
import { startPeriodicRefresh } from '../shell/periodic-refresh.ts';

const SessionUserContext = createContext<SessionUser | null>(null);

/**
 * Keeps the logged-in user fresh (credits, status, photo): fetched 5 s after load and then every 60 s (300 s while
 * this device gets pushes), only while logged in. A 403 from the user call means the session ended elsewhere.
 * Starts the member's realtime news and push too (features/realtime/member-live.ts, features/push/push-client.ts),
 * once the page is live: their code loads then, never for a visitor.
 */
export function SessionUserProvider(props: { initialUser: SessionUser | null; children: ReactNode }) {
  const [user, setUser] = useState(props.initialUser);
  useEffect(() => setUser(props.initialUser), [props.initialUser]);
  const userId = user?.id;
  const paidUser = useRef(false);
  paidUser.current = user?.paid_user ?? false;
  const { revalidate } = useRevalidator();
  const pushPublicKey = useRootData().settings.push_public_key;
  useEffect(() => {
    if (userId === undefined) return;
    let stopLive: (() => void) | undefined;
    let stopPush: (() => void) | undefined;
    let active = true;
    const refresh = () =>
      void apiRequest<UserResponse>('GET', '/api/user.php')
        .then((answer) => setUser(answer.user))
        .catch((error: { code?: string }) => {
          if (error?.code === 'authentication_required') setUser(null);
        });
    const stopRefresh = startPeriodicRefresh(refresh);
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
    import('../push/push-client.ts').then(
      ({ startPush }) => {
        if (active) stopPush = startPush(pushPublicKey);
      },
      () => {
        // Without it the push state stays unknown: no push controls, the 60 s rhythm.
      },
    );
    return () => {
      active = false;
      stopRefresh();
      stopLive?.();
      stopPush?.();
      forgetUnreadMessages();
    };
  }, [userId, revalidate, pushPublicKey]);
  return <SessionUserContext value={user}>{props.children}</SessionUserContext>;
}

/** The logged-in user as last fetched, or null. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}
