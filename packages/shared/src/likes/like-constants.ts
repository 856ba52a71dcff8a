/** The numbers and names of likes, without zod: the pages' browser code reads them. */

/** 'Ja' answers a member may give in the swipe game per calendar day (spec section 9). */
export const swipeLikesPerDay = 4;
/** How long a 'Nee' keeps a profile out of the swipe game. */
export const swipeNoDays = 30;
/** Received likes a free member sees unblurred; the others ask for premium. */
export const freeVisibleLikers = 3;
/** The newest likes each list of GET /api/likes.php holds (the pages page further with `before`). */
export const likesListLimit = 50;
/** Cards per page of /likes/{type}. */
export const likesPageSize = 48;

export const likeTypes = ['received', 'given', 'matches'] as const;
export type LikeType = (typeof likeTypes)[number];
