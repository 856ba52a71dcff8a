import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { blockableBy, namedInBlocksOf } from '../profiles/profile-visibility.ts';

/** Blocks between members: the only code that writes `blocks`. Whom they name or allow follows the visibility policy. */
export function createBlocksRepository(db: Database) {
  return {
    /** Blocks a member; blocking someone already blocked changes nothing. */
    async insertBlock(blockerProfileId: number, blockedProfileId: number, now: Date) {
      await db.insert(blocks).values({ blockerProfileId, blockedProfileId, createdAt: now }).onConflictDoNothing();
    },

    async deleteBlock(blockerProfileId: number, blockedProfileId: number) {
      await db
        .delete(blocks)
        .where(and(eq(blocks.blockerProfileId, blockerProfileId), eq(blocks.blockedProfileId, blockedProfileId)));
    },

    /** The members a member blocked, newest first, that the list may name (namedInBlocksOf: listed ones). */
    async findBlockedProfiles(blockerProfileId: number) {
      return db
        .select({ id: profiles.id, name: profiles.name, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(profiles, eq(blocks.blockedProfileId, profiles.id))
        .where(and(eq(blocks.blockerProfileId, blockerProfileId), namedInBlocksOf(blockerProfileId)))
        .orderBy(desc(blocks.createdAt));
    },

    /** A profile of this site the member may block (blockableBy); others do not exist for the caller. */
    async findBlockableProfile(siteId: number, profileId: number, viewerProfileId: number) {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.siteId, siteId), eq(profiles.id, profileId), blockableBy(viewerProfileId)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
