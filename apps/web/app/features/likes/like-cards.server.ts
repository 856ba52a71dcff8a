import { type LikeProfile, type Liker, type LockedLike, likesPageQuerySchema } from '@app/shared/likes/likes';
import { regionName } from '../../lib/regions.server.ts';
import type { LikeCardData, LockedLikeCardData } from './like-card.tsx';

/** A like as its card shows it; `at` is when the like was given unless the page counts from the match. */
export function toLikeCard(like: LikeProfile | Liker, at: string = like.liked_at): LikeCardData {
  return {
    id: like.id,
    name: like.name,
    age: like.age,
    country: like.country,
    // Region names stay on the server: the browser gets the one it shows, not the list of every country's.
    regionName: regionName(like.country, like.region),
    fictional: like.fictional,
    photo: like.main_image?.match ?? null,
    at,
    isNew: 'like_new' in like && like.like_new,
    match: like.match,
  };
}

export function toLockedLikeCard(like: LockedLike): LockedLikeCardData {
  return { key: like.key, at: like.liked_at, isNew: like.like_new };
}

/** The `?before=` cursor of an older page: undefined for the newest, null when the address holds no cursor. */
export function readBeforeCursor(request: Request): number | undefined | null {
  const before = new URL(request.url).searchParams.get('before');
  const query = likesPageQuerySchema.safeParse(before === null ? {} : { before });
  return query.success ? query.data.before : null;
}
