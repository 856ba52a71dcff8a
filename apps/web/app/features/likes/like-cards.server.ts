import type { LikeProfile, Liker, LockedLike } from '@app/shared/likes/likes';
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
  return { key: like.key, at: like.liked_at, isNew: like.like_new, blurredImage: like.blurred_image };
}
