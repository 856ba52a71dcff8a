import type { UserResponse } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { readCreditsBalance } from '../realtime/member-event-rules.ts';
import { onMemberEvent, onRefetch } from '../realtime/member-events.ts';
import { refreshSchedule } from '../shell/shell-rules.ts';

const SessionUserContext = createContext<SessionUser | null>(null);
const RefreshSessionUserContext = createContext<() => void>(() => {});

/**
 * Keeps the logged-in user fresh (credits, status, photo): fetched 5 s after load and then every 60 s, only while
 * logged in, and again when the realtime socket says so. A 403 from the user call means the session ended
 * elsewhere.
 */
export function SessionUserProvider(props: { initialUser: SessionUser | null; children: ReactNode }) {
  const [user, setUser] = useState(props.initialUser);
  useEffect(() => setUser(props.initialUser), [props.initialUser]);
  const loggedIn = user !== null;
  const paidUser = user?.paid_user ?? false;
  const refresh = useCallback(
    () =>
      void apiRequest<UserResponse>('GET', '/api/user.php')
        .then((answer) => setUser(answer.user))
        .catch((error: { code?: string }) => {
          if (error?.code === 'authentication_required') setUser(null);
        }),
    [],
  );
  // A change of balance shows at once (nav badge, credit alert). A free member's first purchase also makes them
  // premium, which the balance does not say: the user is read again.
  useEffect(() => {
    if (!loggedIn) return;
    const stops = [
      onMemberEvent((event) => {
        const credits = readCreditsBalance(event);
        if (credits === null) return;
        setUser((current) => (current ? { ...current, credits } : current));
        if (!paidUser) refresh();
      }),
      onRefetch(refresh),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [loggedIn, paidUser, refresh]);
  useEffect(() => {
    if (!loggedIn) return;
    // Push is not built yet: the 60 s rhythm.
    const { firstMs, intervalMs } = refreshSchedule(false);
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, intervalMs);
    }, firstMs);
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [loggedIn, refresh]);
  return (
    <RefreshSessionUserContext value={refresh}>
      <SessionUserContext value={user}>{props.children}</SessionUserContext>
    </RefreshSessionUserContext>
  );
}

/** Reads the logged-in user again now (after news that the session may have ended). */
export function useRefreshSessionUser(): () => void {
  return useContext(RefreshSessionUserContext);
}

/** The logged-in user as last fetched, or null. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}
