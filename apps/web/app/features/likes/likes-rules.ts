/** Pure rules of the likes in the shell (modals, auto-like, the `t` parameter), kept apart for unit tests. */
import type { LikeProfile, Liker, LikesResponse, LockedLike } from '@app/shared/likes/likes';

/** What the like modal shows: an open liker, or a locked like (neither name nor photo, behind the premium prompt). */
export type LikeModalContent =
  | { kind: 'liker'; id: number; name: string; photo: string | null; fictional: boolean }
  | { kind: 'locked'; key: string };

/** What a member's browser remembers of the likes it has shown, so that no modal shows twice. */
export interface ShownLikes {
  /** Keys of received likes shown as a modal or passed over (`likeKey`). */
  likes: string[];
  /** Profile ids of matches shown as a modal or already known. */
  matches: number[];
  /** The matches of the first answer were taken as known (no modal for matches older than this browser's memory). */
  baselined: boolean;
}

/** Keys kept per list: far more than one answer holds (100), so an old like never comes back as new. */
const rememberedKeys = 400;

export const emptyShownLikes: ShownLikes = { likes: [], matches: [], baselined: false };

export function likerKey(profileId: number): string {
  return `p${profileId}`;
}

function lockedKey(key: string): string {
  return `l${key}`;
}

function remember<T>(known: readonly T[], added: readonly T[]): T[] {
  const next = [...known.filter((item) => !added.includes(item)), ...added];
  return next.slice(-rememberedKeys);
}

/** A stored value read back; anything malformed counts as nothing remembered. */
export function readShownLikes(stored: string | null): ShownLikes {
  if (!stored) return emptyShownLikes;
  try {
    const value = JSON.parse(stored) as Partial<ShownLikes>;
    return {
      likes: Array.isArray(value.likes) ? value.likes.filter((key) => typeof key === 'string') : [],
      matches: Array.isArray(value.matches) ? value.matches.filter((id) => Number.isInteger(id)) : [],
      baselined: value.baselined === true,
    };
  } catch {
    return emptyShownLikes;
  }
}

export function rememberLikes(shown: ShownLikes, keys: readonly string[]): ShownLikes {
  return { ...shown, likes: remember(shown.likes, keys) };
}

export function rememberMatches(shown: ShownLikes, ids: readonly number[]): ShownLikes {
  return { ...shown, matches: remember(shown.matches, ids) };
}

function likerContent(liker: Pick<Liker, 'id' | 'name' | 'main_image' | 'fictional'>): LikeModalContent {
  return {
    kind: 'liker',
    id: liker.id,
    name: liker.name,
    photo: liker.main_image?.match ?? null,
    fictional: liker.fictional,
  };
}

function lockedContent(like: LockedLike): LikeModalContent {
  return { kind: 'locked', key: like.key };
}

type Received = { at: string; key: string; content: LikeModalContent; isNew: boolean };

/** Open and locked received likes in one list, newest first. */
function receivedLikes(answer: Pick<LikesResponse, 'liked_by' | 'locked'>): Received[] {
  const open = answer.liked_by.map((liker) => ({
    at: liker.liked_at,
    key: likerKey(liker.id),
    content: likerContent(liker),
    isNew: liker.like_new,
  }));
  const locked = answer.locked.map((like) => ({
    at: like.liked_at,
    key: lockedKey(like.key),
    content: lockedContent(like),
    isNew: like.like_new,
  }));
  return [...open, ...locked].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** The newest received like, new or not (the `t` parameter shows it). */
export function newestReceivedLike(answer: Pick<LikesResponse, 'liked_by' | 'locked'>): LikeModalContent | null {
  return receivedLikes(answer)[0]?.content ?? null;
}

/** The key a like modal's content is remembered by. */
export function likeModalKey(content: LikeModalContent): string {
  return content.kind === 'liker' ? likerKey(content.id) : lockedKey(content.key);
}

/**
 * Which received like a refresh shows as a modal: the newest new one not shown before. The others of the answer
 * are remembered as passed over, so a first load after a long absence shows one modal, not a flood.
 */
export function pickLikeModal(
  answer: Pick<LikesResponse, 'liked_by' | 'locked'>,
  shown: ShownLikes,
): { show: LikeModalContent | null; shown: ShownLikes } {
  const fresh = receivedLikes(answer).filter((like) => like.isNew && !shown.likes.includes(like.key));
  if (fresh.length === 0) return { show: null, shown };
  return {
    show: fresh[0]!.content,
    shown: rememberLikes(
      shown,
      fresh.map((like) => like.key),
    ),
  };
}

/** The member a match is with, as the match modal shows them. */
export interface MatchPartner {
  id: number;
  name: string;
  photo: string | null;
  fictional: boolean;
}

/**
 * Which match a refresh shows as a modal: the newest one this browser has not known. The first answer a browser
 * sees only makes its matches known (they came about before; the likes pages list them).
 */
export function pickMatchModal(
  profiles: readonly Pick<LikeProfile, 'id' | 'name' | 'main_image' | 'fictional' | 'match' | 'matched_at'>[],
  shown: ShownLikes,
): { show: MatchPartner | null; shown: ShownLikes } {
  const matches = profiles.filter((profile) => profile.match);
  if (!shown.baselined) {
    return {
      show: null,
      shown: {
        ...rememberMatches(
          shown,
          matches.map((m) => m.id),
        ),
        baselined: true,
      },
    };
  }
  const fresh = matches
    .filter((profile) => !shown.matches.includes(profile.id))
    .sort((a, b) => Date.parse(b.matched_at ?? '') - Date.parse(a.matched_at ?? ''));
  if (fresh.length === 0) return { show: null, shown };
  const newest = fresh[0]!;
  return {
    show: { id: newest.id, name: newest.name, photo: newest.main_image?.match ?? null, fictional: newest.fictional },
    shown: rememberMatches(
      shown,
      fresh.map((profile) => profile.id),
    ),
  };
}

/**
 * The likes pages and the notifications page list every like and match already, and a conversation is no place to
 * interrupt: a refresh there shows no modal (and passes them over; the badge still counts them).
 */
const likesPageRoutes = new Set(['likes', 'likes-type', 'likes-m-id', 'notifications', 'chats-id', 'members-id-chat']);

export function showsModalsOnRefresh(routeId: string | undefined): boolean {
  return routeId === undefined || !likesPageRoutes.has(routeId);
}

/** Route ids of the members area, where the auto-like may come. */
const autoLikeRoutes = new Set(['members', 'members-id']);
const autoLikeMinDelayMs = 40_000;
const autoLikeMaxDelayMs = 60_000;
const autoLikeIntervalMs = 10 * 60_000;

export function isAutoLikeRoute(routeId: string | undefined): boolean {
  return routeId !== undefined && autoLikeRoutes.has(routeId);
}

/** How long after entering the members area the auto-like is asked for: 40 to 60 s (`random` in [0, 1)). */
export function autoLikeDelayMs(random: number): number {
  const share = Math.min(Math.max(random, 0), 1);
  return Math.round(autoLikeMinDelayMs + share * (autoLikeMaxDelayMs - autoLikeMinDelayMs));
}

/** At most one auto-like call per 10 minutes per member and browser (a clock set back counts as due). */
export function isAutoLikeDue(lastCalledAt: number | null, now: number): boolean {
  if (lastCalledAt === null || !Number.isFinite(lastCalledAt) || lastCalledAt > now) return true;
  return now - lastCalledAt >= autoLikeIntervalMs;
}

/** Longest wait the `t` parameter may ask for, so that a typo does not leave a timer for days. */
const maxModalDelaySeconds = 3_600;

/** The `t` parameter (seconds until the like modal shows), or null when there is none or it is no number. */
export function readModalDelaySeconds(search: string): number | null {
  const value = new URLSearchParams(search).get('t');
  if (value === null || !/^\d{1,6}(\.\d+)?$/.test(value.trim())) return null;
  return Math.min(Number(value), maxModalDelaySeconds);
}

/** The query string without `t`, the other parameters kept in their order ('' when none are left). */
export function searchWithoutDelay(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('t');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
