import { and, not, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { blocks } from '../../db/schema/moderation.ts';
import { listedProfileCondition, profiles } from '../../db/schema/profiles.ts';

/**
 * The visibility policy: who may see, find, block, like or write to whom, written once, as SQL conditions on the
 * `profiles` row of the target. Every query that decides visibility uses one of these builders; no other code
 * compares `profiles.status` or `profiles.invisible` (the search indexes share the base, `listed`).
 *
 * The target's state comes from its profile alone: accounts keep `profiles.status` in step with the login, so an
 * unconfirmed, deleted or staff-disabled account has a `disabled` profile. Fictional profiles (no login) are listed
 * like any other.
 *
 * | relation              | the target, for a member V (a visitor is `null`)                                      |
 * |-----------------------|----------------------------------------------------------------------------------------|
 * | listed                | active and not invisible (nobody in particular: search indexes, a visitor)             |
 * | visibleTo(V)          | V's own profile; else listed and not blocking V. V's own blocks do not hide: a blocker |
 * |                       | still sees whom they blocked, to unblock them. A visitor sees what is listed.          |
 * | findableBy(V)         | listed, not V, and no block either way (search, showcases, suggestions)                |
 * | blockableBy(V)        | visible to V and not V (blocking someone already blocked is harmless)                  |
 * | likeableBy(V)         | as findableBy(V): listed, not V, no block either way                                   |
 * | writableBy(V)         | as findableBy(V): listed, not V, no block either way                                   |
 * | namedInBlocksOf(V)    | listed: V's list of blocks names only profiles that are listed now, whoever blocks whom |
 *
 * What the viewer themselves may do (an unconfirmed sender whose messages are held, premium-only photos, credits)
 * is the calling service's rule; this policy decides only whom a viewer reaches.
 */

/** The member asking, by profile id; null for a visitor. */
export type Viewer = number | null;

/** A member's profile id in a condition: the id, or a prepared query's placeholder for it (db/prepared-query.ts). */
export type ViewerId = number | Placeholder;

/** Active (confirmed, not disabled, not deleted) and not invisible. */
const listed: SQL = listedProfileCondition(profiles);

/** The target blocks the viewer. */
function blocksViewer(viewer: ViewerId): SQL {
  return sql`exists (select 1 from ${blocks} where ${blocks.blockerProfileId} = ${profiles.id} and ${blocks.blockedProfileId} = ${viewer})`;
}

/** The viewer blocks the target (the member page shows it, so that the viewer can lift it). */
export function blockedByViewer(viewer: ViewerId): SQL {
  return sql`exists (select 1 from ${blocks} where ${blocks.blockerProfileId} = ${viewer} and ${blocks.blockedProfileId} = ${profiles.id})`;
}

/** Neither blocks the other. */
function noBlockEitherWay(viewer: ViewerId): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerProfileId} = ${viewer} and ${blocks.blockedProfileId} = ${profiles.id}) or (${blocks.blockerProfileId} = ${profiles.id} and ${blocks.blockedProfileId} = ${viewer}))`;
}

const notOwn = (viewer: ViewerId): SQL => sql`${profiles.id} <> ${viewer}`;

/** Whose profile page and photos the viewer may see: their own; else listed and not blocking the viewer. */
export function visibleTo(viewer: ViewerId | null): SQL {
  if (viewer === null) return listed;
  return or(sql`${profiles.id} = ${viewer}`, and(listed, not(blocksViewer(viewer))))!;
}

/** Whom the viewer finds in search, showcases and suggestions: listed, not themselves, no block either way. */
export function findableBy(viewer: ViewerId | null): SQL {
  if (viewer === null) return listed;
  // `listed` stays a conjunct of its own, so the partial search indexes serve the query.
  return and(listed, notOwn(viewer), noBlockEitherWay(viewer))!;
}

/** Whom the viewer may block: anyone visible to them but themselves. */
export function blockableBy(viewer: number): SQL {
  return and(listed, notOwn(viewer), not(blocksViewer(viewer)))!;
}

/** Whom the viewer may like (likes, swipes, matches): as findableBy. */
export function likeableBy(viewer: ViewerId): SQL {
  return findableBy(viewer);
}

/** To whom the viewer may write (a new or a running conversation, gifts): as findableBy. */
export function writableBy(viewer: ViewerId): SQL {
  return findableBy(viewer);
}

/** Which of the profiles the viewer blocked their list of blocks names: the listed ones. */
export function namedInBlocksOf(_viewer: number): SQL {
  return listed;
}
