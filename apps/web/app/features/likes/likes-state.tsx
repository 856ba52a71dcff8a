import type { AutoLikeResponse, LikesResponse } from '@app/shared/likes/likes';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { useUnreadMessages } from '../chat/chats-unread.ts';
import { useAttentionCount } from '../shell/attention-count.ts';
import { startPeriodicRefresh } from '../shell/periodic-refresh.ts';
import { onLikesChanged, onMatch } from './likes-events.ts';

// Loaded when a modal first opens: every page of the members area carries this provider, few show a modal.
const LikeModal = lazy(() => import('./like-modals.tsx').then((module) => ({ default: module.LikeModal })));
const MatchModal = lazy(() => import('./like-modals.tsx').then((module) => ({ default: module.MatchModal })));

import {
  autoLikeDelayMs,
  isAutoLikeDue,
  isAutoLikeRoute,
  type LikeModalContent,
  likeModalKey,
  likerKey,
  type MatchPartner,
  newestReceivedLike,
  pickLikeModal,
  pickMatchModal,
  readModalDelaySeconds,
  readShownLikes,
  rememberLikes,
  rememberMatches,
  type ShownLikes,
  searchWithoutDelay,
  showsModalsOnRefresh,
} from './likes-rules.ts';

/** Like list reload after an auto-like (spec section 9). */
const reloadAfterAutoLikeMs = 500;

interface LikesState {
  /** The last answer of GET /api/likes.php; null until the first reload. */
  likes: LikesResponse | null;
  /** New received likes: the nav and tab badges (the title and app badge are set here, with unread messages). */
  newLikes: number;
  reload: () => void;
}

const LikesContext = createContext<LikesState>({ likes: null, newLikes: 0, reload: () => {} });

/** The member's likes as last loaded, for badges and lists; empty for a visitor. */
export function useLikes(): LikesState {
  return useContext(LikesContext);
}

type OpenModal = { kind: 'like'; content: LikeModalContent } | { kind: 'match'; partner: MatchPartner } | null;

/** This browser's memory of the likes and matches a member has been shown, per member. */
function createShownStore(profileId: number) {
  const key = `likes-shown:${profileId}`;
  return {
    read: (): ShownLikes => {
      try {
        return readShownLikes(window.localStorage.getItem(key));
      } catch {
        return readShownLikes(null);
      }
    },
    write: (shown: ShownLikes) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(shown));
      } catch {
        // Storage full or refused (private mode): a modal may show again, nothing worse.
      }
    },
  };
}

/**
 * The logged-in member's likes in the shell (spec sections 2, 7 and 9): reloaded 5 s after load and then every
 * 60 s, when a like changes, when the page is seen again and after an auto-like; the new-likes count for badges,
 * title and app badge; the like and match modals; the `t` parameter; the auto-like in the members area.
 */
export function LikesProvider(props: { children: ReactNode }) {
  const user = useSessionUser();
  if (!user) return props.children;
  return (
    <MemberLikes key={user.profile.id} profileId={user.profile.id}>
      {props.children}
    </MemberLikes>
  );
}

function MemberLikes(props: { profileId: number; children: ReactNode }) {
  const { profileId } = props;
  const root = useRootData();
  const [likes, setLikes] = useState<LikesResponse | null>(null);
  const [newLikes, setNewLikes] = useState(root.newLikes);
  const [modal, setModal] = useState<OpenModal>(null);
  const modalOpen = useRef(false);
  modalOpen.current = modal !== null;
  const matches = useMatches();
  const routeId = useRef<string | undefined>(undefined);
  routeId.current = matches[matches.length - 1]?.id;
  const [store] = useState(() => createShownStore(profileId));
  useEffect(() => setNewLikes(root.newLikes), [root.newLikes]);
  // The title and the app badge count what asks for the member: unread messages plus new likes (spec section 4).
  const unreadMessages = useUnreadMessages();
  useAttentionCount(newLikes + unreadMessages);

  const load = useCallback(async (): Promise<LikesResponse | null> => {
    try {
      const answer = await apiRequest<LikesResponse>('GET', '/api/likes.php');
      setLikes(answer);
      setNewLikes(answer.new_likes);
      return answer;
    } catch {
      // An ended session is the user refresh's news; anything else waits for the next reload.
      return null;
    }
  }, []);

  /**
   * Reloads, and shows a new match or else a new like not shown before (one modal at a time; none over the likes
   * pages, which list them).
   */
  const reload = useCallback(async () => {
    const answer = await load();
    if (!answer || modalOpen.current) return;
    const match = pickMatchModal(answer.profiles, store.read());
    const like = pickLikeModal(answer, match.shown);
    // The like that made a match is part of the match's news.
    const shown = match.show ? rememberLikes(like.shown, [likerKey(match.show.id)]) : like.shown;
    store.write(shown);
    if (!showsModalsOnRefresh(routeId.current)) return;
    if (match.show) setModal({ kind: 'match', partner: match.show });
    else if (like.show) setModal({ kind: 'like', content: like.show });
  }, [load, store]);

  const showLike = useCallback(
    (content: LikeModalContent) => {
      store.write(rememberLikes(store.read(), [likeModalKey(content)]));
      setModal({ kind: 'like', content });
    },
    [store],
  );

  // The periodic reload, from 5 s after load (features/shell/periodic-refresh.ts).
  useEffect(() => startPeriodicRefresh(() => void reload()), [reload]);

  // A like given or taken back on this page, and a page seen again after a while away.
  useEffect(() => onLikesChanged(() => void reload()), [reload]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  // A like button made a match: its modal now, and no repeat on the next reload.
  useEffect(
    () =>
      onMatch((match) => {
        const shown = rememberMatches(store.read(), [match.id]);
        store.write(rememberLikes(shown, [likerKey(match.id)]));
        setModal({ kind: 'match', partner: match });
      }),
    [store],
  );

  useOpenedLikerReload(likes, newLikes, reload);
  useDelayedLikeModal(likes, load, showLike);
  useAutoLike(profileId, showLike, reload);

  const close = useCallback(() => setModal(null), []);
  return (
    <LikesContext value={{ likes, newLikes, reload }}>
      {props.children}
      <Suspense fallback={null}>
        {modal?.kind === 'like' ? <LikeModal content={modal.content} onClose={close} /> : null}
        {modal?.kind === 'match' ? <MatchModal partner={modal.partner} onClose={close} /> : null}
      </Suspense>
    </LikesContext>
  );
}

/**
 * Opening a new liker's profile clears the like's "new" mark on the server: the badge follows at once. Before the
 * first reload it is not known who the new likers are, so any open profile reloads while there is a count.
 */
function useOpenedLikerReload(likes: LikesResponse | null, newLikes: number, reload: () => Promise<void>) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const openedId = leaf?.id === 'members-id' ? Number(leaf.params.id) : null;
  const known = useRef({ likes, newLikes });
  known.current = { likes, newLikes };
  useEffect(() => {
    if (openedId === null || known.current.newLikes === 0) return;
    const { likes } = known.current;
    if (!likes || likes.liked_by.some((entry) => entry.id === openedId && entry.like_new)) void reload();
  }, [openedId, reload]);
}

/**
 * `?t=5` (spec section 4): after 5 s the like modal shows the newest received like, then `t` leaves the address
 * (the other parameters stay; the address is replaced, not added to the history).
 */
function useDelayedLikeModal(
  likes: LikesResponse | null,
  load: () => Promise<LikesResponse | null>,
  showLike: (content: LikeModalContent) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const delay = readModalDelaySeconds(location.search);
  const locationRef = useRef(location);
  locationRef.current = location;
  const likesRef = useRef(likes);
  likesRef.current = likes;
  useEffect(() => {
    if (delay === null) return;
    let active = true;
    const timer = setTimeout(async () => {
      const answer = likesRef.current ?? (await load());
      if (!active) return;
      const newest = answer ? newestReceivedLike(answer) : null;
      if (newest) showLike(newest);
      const { pathname, search, hash } = locationRef.current;
      void navigate(
        { pathname, search: searchWithoutDelay(search), hash },
        { replace: true, preventScrollReset: true },
      );
    }, delay * 1000);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [delay, load, showLike, navigate]);
}

/**
 * The auto-like (spec sections 7 and 9): once, 40 to 60 s after the member enters the members area, at most every
 * 10 minutes per member in this browser, only while the page is seen. A fictional profile that likes the member
 * shows in the like modal; the likes reload 500 ms later.
 */
function useAutoLike(profileId: number, showLike: (content: LikeModalContent) => void, reload: () => Promise<void>) {
  const matches = useMatches();
  const inMembersArea = isAutoLikeRoute(matches[matches.length - 1]?.id);
  useEffect(() => {
    if (!inMembersArea) return;
    const key = `auto-like-at:${profileId}`;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let active = true;
    const readLast = () => {
      try {
        const value = window.localStorage.getItem(key);
        return value === null ? null : Number(value);
      } catch {
        return null;
      }
    };
    const ask = async () => {
      if (!isAutoLikeDue(readLast(), Date.now())) return;
      try {
        // Written before the call, so another tab does not ask too.
        window.localStorage.setItem(key, String(Date.now()));
      } catch {
        return; // without memory it could ask on every visit
      }
      try {
        const answer = await apiRequest<AutoLikeResponse>('GET', '/api/auto-like.php');
        if (!active || !answer.profile) return;
        const { profile } = answer;
        showLike({
          kind: 'liker',
          id: profile.id,
          name: profile.name,
          photo: profile.main_image.match,
          fictional: profile.fictional,
        });
        timers.push(setTimeout(() => void reload(), reloadAfterAutoLikeMs));
      } catch {
        // No auto-like this time.
      }
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      void ask();
    };
    timers.push(
      setTimeout(() => {
        if (document.visibilityState === 'visible') void ask();
        else document.addEventListener('visibilitychange', onVisible);
      }, autoLikeDelayMs(Math.random())),
    );
    return () => {
      active = false;
      for (const timer of timers) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [inMembersArea, profileId, showLike, reload]);
}
