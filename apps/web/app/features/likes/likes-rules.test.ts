import type { LikeProfile, Liker, LockedLike } from '@app/shared/likes/likes';
import { describe, expect, it } from 'vitest';
import {
  autoLikeDelayMs,
  emptyShownLikes,
  isAutoLikeDue,
  isAutoLikeRoute,
  likeModalKey,
  newestReceivedLike,
  pickLikeModal,
  pickMatchModal,
  readModalDelaySeconds,
  readShownLikes,
  rememberLikes,
  searchWithoutDelay,
  showsModalsOnRefresh,
} from './likes-rules.ts';

function liker(id: number, likedAt: string, likeNew = true, extra: Partial<Liker> = {}): Liker {
  return {
    id,
    main_image: { match: `/cdn/${id}_match.jpg`, thumb: `/cdn/${id}_thumb.jpg` },
    name: `Lid ${id}`,
    age: 30,
    country: 'NL',
    region: null,
    fictional: false,
    liked_at: likedAt,
    match: false,
    matched_at: null,
    like_new: likeNew,
    ...extra,
  };
}

function locked(key: string, likedAt: string, likeNew = true): LockedLike {
  return { key, like_new: likeNew, liked_at: likedAt };
}

function given(id: number, matchedAt: string | null): LikeProfile {
  const { like_new: _new, ...profile } = liker(id, '2025-01-01T10:00:00Z', false, {
    match: matchedAt !== null,
    matched_at: matchedAt,
  });
  return profile;
}

describe('the like modal on a refresh', () => {
  it('shows the newest new like and passes over the other new ones, so a first load shows one modal', () => {
    const answer = {
      liked_by: [liker(3, '2025-03-03T10:00:00Z'), liker(2, '2025-03-02T10:00:00Z')],
      locked: [locked('abc', '2025-03-01T10:00:00Z')],
    };
    const first = pickLikeModal(answer, emptyShownLikes);
    expect(first.show).toEqual({ kind: 'liker', id: 3, name: 'Lid 3', photo: '/cdn/3_match.jpg', fictional: false });
    expect(first.shown.likes).toEqual(['p3', 'p2', 'labc']);
    expect(pickLikeModal(answer, first.shown).show).toBeNull();
  });

  it('never shows a like that is no longer new (the member opened the profile)', () => {
    expect(
      pickLikeModal({ liked_by: [liker(3, '2025-03-03T10:00:00Z', false)], locked: [] }, emptyShownLikes).show,
    ).toBeNull();
  });

  it('shows a locked like when it is the newest, without a name or photo', () => {
    const answer = { liked_by: [liker(3, '2025-03-01T10:00:00Z')], locked: [locked('k1', '2025-03-04T10:00:00Z')] };
    expect(pickLikeModal(answer, emptyShownLikes).show).toEqual({
      kind: 'locked',
      key: 'k1',
    });
  });

  it('shows a like that came after the last modal', () => {
    const shown = rememberLikes(emptyShownLikes, ['p2']);
    const answer = { liked_by: [liker(5, '2025-03-05T10:00:00Z'), liker(2, '2025-03-02T10:00:00Z')], locked: [] };
    expect(pickLikeModal(answer, shown).show).toMatchObject({ kind: 'liker', id: 5 });
  });

  it('keys open and locked likes apart', () => {
    expect(likeModalKey({ kind: 'liker', id: 7, name: 'x', photo: null, fictional: true })).toBe('p7');
    expect(likeModalKey({ kind: 'locked', key: '7' })).toBe('l7');
  });

  it('remembers a bounded number of keys, the newest kept', () => {
    const many = Array.from({ length: 500 }, (_, index) => `p${index}`);
    const shown = rememberLikes(emptyShownLikes, many);
    expect(shown.likes).toHaveLength(400);
    expect(shown.likes.at(-1)).toBe('p499');
  });
});

describe('where a refresh shows modals', () => {
  it('everywhere but on the likes pages, which list the likes already, and in a conversation', () => {
    expect(showsModalsOnRefresh('members')).toBe(true);
    expect(showsModalsOnRefresh('settings')).toBe(true);
    expect(showsModalsOnRefresh(undefined)).toBe(true);
    expect(showsModalsOnRefresh('likes')).toBe(false);
    expect(showsModalsOnRefresh('likes-type')).toBe(false);
    expect(showsModalsOnRefresh('likes-m-id')).toBe(false);
    expect(showsModalsOnRefresh('notifications')).toBe(false);
    expect(showsModalsOnRefresh('chats-id')).toBe(false);
    expect(showsModalsOnRefresh('members-id-chat')).toBe(false);
  });
});

describe('the match modal on a refresh', () => {
  it('takes the matches of the first answer as known, then shows the newest new one', () => {
    const first = pickMatchModal([given(1, '2025-01-01T10:00:00Z'), given(2, null)], emptyShownLikes);
    expect(first.show).toBeNull();
    expect(first.shown).toMatchObject({ matches: [1], baselined: true });
    const later = pickMatchModal(
      [given(4, '2025-03-01T10:00:00Z'), given(3, '2025-03-02T10:00:00Z'), given(1, '2025-01-01T10:00:00Z')],
      first.shown,
    );
    expect(later.show).toEqual({ id: 3, name: 'Lid 3', photo: '/cdn/3_match.jpg', fictional: false });
    expect(
      pickMatchModal([given(4, '2025-03-01T10:00:00Z'), given(3, '2025-03-02T10:00:00Z')], later.shown).show,
    ).toBeNull();
  });
});

describe('the newest received like (the t parameter)', () => {
  it('is the newest of open and locked likes, new or not', () => {
    expect(newestReceivedLike({ liked_by: [], locked: [] })).toBeNull();
    const answer = {
      liked_by: [liker(3, '2025-03-03T10:00:00Z', false)],
      locked: [locked('k', '2025-03-01T10:00:00Z')],
    };
    expect(newestReceivedLike(answer)).toMatchObject({ kind: 'liker', id: 3 });
  });

  it('reads t as seconds and leaves the other parameters when it is removed', () => {
    expect(readModalDelaySeconds('?t=5')).toBe(5);
    expect(readModalDelaySeconds('?gender=female&t=0.5')).toBe(0.5);
    expect(readModalDelaySeconds('?t=99999')).toBe(3600);
    expect(readModalDelaySeconds('?t=abc')).toBeNull();
    expect(readModalDelaySeconds('?t=-1')).toBeNull();
    expect(readModalDelaySeconds('')).toBeNull();
    expect(searchWithoutDelay('?gender=female&t=5&country=NL')).toBe('?gender=female&country=NL');
    expect(searchWithoutDelay('?t=5')).toBe('');
  });
});

describe('the auto-like', () => {
  it('comes 40 to 60 s after entering the members area', () => {
    expect(autoLikeDelayMs(0)).toBe(40_000);
    expect(autoLikeDelayMs(0.5)).toBe(50_000);
    expect(autoLikeDelayMs(0.999_999)).toBeLessThanOrEqual(60_000);
    expect(autoLikeDelayMs(2)).toBe(60_000);
    expect(isAutoLikeRoute('members')).toBe(true);
    expect(isAutoLikeRoute('members-id')).toBe(true);
    expect(isAutoLikeRoute('settings')).toBe(false);
    expect(isAutoLikeRoute(undefined)).toBe(false);
  });

  it('is asked at most once per 10 minutes', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(isAutoLikeDue(null, now)).toBe(true);
    expect(isAutoLikeDue(now - 9 * 60_000, now)).toBe(false);
    expect(isAutoLikeDue(now - 10 * 60_000, now)).toBe(true);
    expect(isAutoLikeDue(Number.NaN, now)).toBe(true);
    expect(isAutoLikeDue(now + 60_000, now)).toBe(true);
  });
});

describe('what the browser remembers', () => {
  it('reads back what it wrote and treats anything else as nothing', () => {
    const shown = { likes: ['p1'], matches: [2], baselined: true };
    expect(readShownLikes(JSON.stringify(shown))).toEqual(shown);
    expect(readShownLikes('not json')).toEqual(emptyShownLikes);
    expect(readShownLikes(null)).toEqual(emptyShownLikes);
    expect(readShownLikes('{"likes":[1,"p3"],"matches":["x",4]}')).toEqual({
      likes: ['p3'],
      matches: [4],
      baselined: false,
    });
  });
});
