import type { UserResponse } from '@app/shared/accounts/login';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { refreshSchedule } from '../shell/shell-rules.ts';

const SessionUserContext = createContext<SessionUser | null>(null);

/**
 * Keeps the logged-in user fresh (credits, status, photo): fetched 5 s after load and then every 60 s, only while
 * logged in. A 403 from the user call means the session ended elsewhere.
 */
export function SessionUserProvider(props: { initialUser: SessionUser | null; children: ReactNode }) {
  const [user, setUser] = useState(props.initialUser);
  useEffect(() => setUser(props.initialUser), [props.initialUser]);
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) return;
    // Push is not built yet: the 60 s rhythm.
    const { firstMs, intervalMs } = refreshSchedule(false);
    let interval: ReturnType<typeof setInterval> | undefined;
    const refresh = () =>
      apiRequest<UserResponse>('GET', '/api/user.php')
        .then((answer) => setUser(answer.user))
        .catch((error: { code?: string }) => {
          if (error?.code === 'authentication_required') setUser(null);
        });
    const first = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, intervalMs);
    }, firstMs);
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [loggedIn]);
  return <SessionUserContext value={user}>{props.children}</SessionUserContext>;
}

/** The logged-in user as last fetched, or null. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}
