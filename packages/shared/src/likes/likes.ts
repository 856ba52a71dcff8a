import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';
import { memberCardSchema } from '../profiles/member-profile.ts';

const timestampSchema = z.iso.datetime({ offset: true });

/** POST and DELETE /api/like.php. */
export const likeInputSchema = z.strictObject({ profile: idSchema });
export const likeResponseSchema = z.object({ match: z.boolean() });
export type LikeResponse = z.output<typeof likeResponseSchema>;
export const unlikeResponseSchema = z.object({ liked: z.literal(false) });

/** The photo of a like (spec: `main_image.match`), under the CDN prefix; null without an approved main photo. */
const likeImageSchema = z.object({ match: z.string(), thumb: z.string() }).nullable();

/** What every list of likes shows of the other member. */
const likeCardFields = {
  id: idSchema,
  main_image: likeImageSchema,
  name: z.string(),
  age: z.int(),
  country: z.string(),
  region: z.string().nullable(),
  fictional: z.boolean(),
  /** When this like was given. */
  liked_at: timestampSchema,
  /** Both have liked each other. */
  match: z.boolean(),
  /** When the match came about (the later of the two likes); null without one. */
  matched_at: timestampSchema.nullable(),
};

/** A member the logged-in member likes (spec section 3, "Like profile": `id`, `main_image.match`). */
export const likeProfileSchema = z.object(likeCardFields);
export type LikeProfile = z.output<typeof likeProfileSchema>;

/** A member who likes the logged-in member (spec section 3, "liked_by item": `id`, `like_new`). */
export const likerSchema = z.object({ ...likeCardFields, like_new: z.boolean() });
export type Liker = z.output<typeof likerSchema>;

/**
 * A like a free member may not open yet: no id, name or photo (even a blurred photo's address names the photo, and
 * its file can be compared with the members' own), so that neither the answer nor a guessed address tells who it is.
 */
export const lockedLikeSchema = z.object({
  /** Stable for the same like, to key a card and remember a shown modal; not a profile id. */
  key: z.string(),
  like_new: z.boolean(),
  liked_at: timestampSchema,
});
export type LockedLike = z.output<typeof lockedLikeSchema>;

/** GET /api/likes.php: given likes (`profiles`), received likes (`liked_by`), newest first, each at most 50. */
export const likesResponseSchema = z.object({
  profiles: z.array(likeProfileSchema),
  liked_by: z.array(likerSchema),
  /** Received likes behind the premium prompt (free members, beyond the first few). */
  locked: z.array(lockedLikeSchema),
  /** New received likes, locked ones included: the nav badge, title prefix and app badge. */
  new_likes: z.int().min(0),
});
export type LikesResponse = z.output<typeof likesResponseSchema>;

/** `/likes/{type}` pages: one page of a list by keyset (`before`: the last card's cursor). */
export const likesPageQuerySchema = z.strictObject({ before: idParamSchema.optional() });

/** GET /api/auto-like.php: a fictional profile that likes the member now, or null when none may. */
export const autoLikeResponseSchema = z.object({
  profile: z
    .object({
      id: idSchema,
      name: z.string(),
      fictional: z.literal(true),
      main_image: z.object({ match: z.string(), thumb: z.string() }),
    })
    .nullable(),
});
export type AutoLikeResponse = z.output<typeof autoLikeResponseSchema>;

/** A card of the swipe game: a member card, as the search shows it. */
export const swipeCardSchema = memberCardSchema;
export type SwipeCard = z.output<typeof swipeCardSchema>;

/** GET /api/swipe.php. */
export const swipeResponseSchema = z.object({
  profiles: z.array(swipeCardSchema),
  likes_left: z.int().min(0),
  /** When new 'Ja' answers come (the next midnight in the site's time zone). */
  likes_reset_at: timestampSchema,
});
export type SwipeResponse = z.output<typeof swipeResponseSchema>;

export const swipeAnswers = ['yes', 'no'] as const;

/** POST /api/swipe.php. */
export const swipeInputSchema = z.strictObject({
  profile: idSchema,
  answer: z.enum(swipeAnswers, 'validation_failed'),
});
export const swipeAnswerResponseSchema = z.object({
  match: z.boolean(),
  likes_left: z.int().min(0),
  likes_reset_at: timestampSchema,
});
export type SwipeAnswerResponse = z.output<typeof swipeAnswerResponseSchema>;

/** The swipe game's form (without JavaScript): the same answer, posted to /swipe-game. */
export const swipeFormSchema = z.strictObject({
  profile: idParamSchema,
  answer: z.enum(swipeAnswers, 'validation_failed'),
});

/** The like button's form (`POST /like`): like or take back, then back to `redirect`. */
export const likeFormSchema = z.strictObject({
  intent: z.enum(['like', 'unlike'], 'validation_failed'),
  profile: idParamSchema,
});
