import { and, eq, type SQL, sql } from 'drizzle-orm';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';

/**
 * Who may be seen by others, written once: a profile is listed when it is active (confirmed, not disabled or
 * deleted) and not invisible. Search's partial indexes are built on exactly this predicate.
 */
export const listedProfile: SQL = and(eq(profiles.status, 'active'), eq(profiles.invisible, false))!;

/** Neither the viewer blocks the profile nor the profile the viewer. */
export function notBlockedEitherWay(viewerProfileId: number): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerProfileId} = ${viewerProfileId} and ${blocks.blockedProfileId} = ${profiles.id}) or (${blocks.blockerProfileId} = ${profiles.id} and ${blocks.blockedProfileId} = ${viewerProfileId}))`;
}

/** The profile does not block the viewer (a viewer may still see whom they blocked, to unblock them). */
export function notBlockingViewer(viewerProfileId: number): SQL {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerProfileId} = ${profiles.id} and ${blocks.blockedProfileId} = ${viewerProfileId})`;
}
