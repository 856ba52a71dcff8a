import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';

export function createBlocksRepository(db: Database) {
  return {
    async insertBlock(blockerProfileId: number, blockedProfileId: number, now: Date) {
      await db.insert(blocks).values({ blockerProfileId, blockedProfileId, createdAt: now }).onConflictDoNothing();
    },

    async deleteBlock(blockerProfileId: number, blockedProfileId: number) {
      await db
        .delete(blocks)
        .where(and(eq(blocks.blockerProfileId, blockerProfileId), eq(blocks.blockedProfileId, blockedProfileId)));
    },

    async findBlockedProfiles(blockerProfileId: number) {
      return db
        .select({ id: profiles.id, name: profiles.name, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(profiles, eq(blocks.blockedProfileId, profiles.id))
        .where(eq(blocks.blockerProfileId, blockerProfileId))
        .orderBy(desc(blocks.createdAt));
    },

    /** Whether a profile of this site exists that a member could block. */
    async findBlockableProfile(siteId: number, profileId: number) {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.siteId, siteId), eq(profiles.id, profileId)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
