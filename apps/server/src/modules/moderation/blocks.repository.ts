import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { listedProfile, notBlockingViewer } from '../profiles/profile-visibility.ts';

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
      return (
        db
          .select({ id: profiles.id, name: profiles.name, blockedAt: blocks.createdAt })
          .from(blocks)
          .innerJoin(profiles, eq(blocks.blockedProfileId, profiles.id))
          // A member who has since gone hidden is left out: the list never names a profile its owner hid.
          .where(and(eq(blocks.blockerProfileId, blockerProfileId), listedProfile))
          .orderBy(desc(blocks.createdAt))
      );
    },

    /** A profile of this site the member may see, and so block; hidden ones do not exist for the caller. */
    async findBlockableProfile(siteId: number, profileId: number, viewerProfileId: number) {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            eq(profiles.siteId, siteId),
            eq(profiles.id, profileId),
            listedProfile,
            notBlockingViewer(viewerProfileId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
