import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { listedProfile } from './profile-visibility.ts';

export type ProfileInsert = typeof profiles.$inferInsert;
export type PhotoInsert = typeof photos.$inferInsert;

/** What a member card shows (see member-card.ts); the main photo comes from a join on `photos`. */
export const memberCardColumns = {
  id: profiles.id,
  name: profiles.name,
  birthDate: profiles.birthDate,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  fictional: profiles.fictional,
  lastActiveAt: profiles.lastActiveAt,
  photoKey: photos.storageKey,
};

async function countPhotos(db: Database, profileId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      main: sql<number>`count(*) filter (where ${photos.isMain})::int`,
    })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), ne(photos.status, 'rejected')));
  return { total: row?.total ?? 0, hasMain: (row?.main ?? 0) > 0 };
}

export function createProfilesRepository(db: Database) {
  return {
    /** Recently active listable profiles with an approved main photo, for showcases and first matches. */
    async findShowcaseProfiles(siteId: number, limit: number, filter: { gender?: string; notId?: number } = {}) {
      return db
        .select(memberCardColumns)
        .from(profiles)
        .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true), eq(photos.status, 'active')))
        .where(
          and(
            eq(profiles.siteId, siteId),
            listedProfile,
            filter.gender ? eq(profiles.gender, filter.gender) : undefined,
            filter.notId ? ne(profiles.id, filter.notId) : undefined,
          ),
        )
        .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
        .limit(limit);
    },

    /** A photo with what decides who may see it. */
    async findPhotoByKey(storageKey: string) {
      const rows = await db
        .select({
          storageKey: photos.storageKey,
          status: photos.status,
          isMain: photos.isMain,
          profileId: photos.profileId,
          siteId: profiles.siteId,
          /** Whether others may see the profile (profile-visibility.ts). */
          listed: sql<boolean>`${listedProfile}`,
        })
        .from(photos)
        .innerJoin(profiles, eq(photos.profileId, profiles.id))
        .where(eq(photos.storageKey, storageKey))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Photos that count toward the limit (not rejected ones) and whether one is the main photo. */
    findPhotoCounts: (profileId: number) => countPhotos(db, profileId),

    async findOwnPhotos(profileId: number) {
      return db
        .select()
        .from(photos)
        .where(and(eq(photos.profileId, profileId), ne(photos.status, 'rejected')))
        .orderBy(desc(photos.isMain), photos.position, photos.id);
    },

    /** Makes one active photo of the profile the main photo; answers false when there is no such photo. */
    async setMainPhoto(profileId: number, photoId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const target = await tx
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId), eq(photos.status, 'active')))
          .limit(1);
        if (!target[0]) return false;
        await tx.update(photos).set({ isMain: false }).where(eq(photos.profileId, profileId));
        await tx.update(photos).set({ isMain: true }).where(eq(photos.id, photoId));
        return true;
      });
    },

    /** Removes a photo of the profile; the next active photo becomes main if it was. Answers its storage key. */
    async deletePhoto(profileId: number, photoId: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(photos)
          .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
          .returning();
        if (!removed) return null;
        if (removed.isMain) {
          const [next] = await tx
            .select({ id: photos.id })
            .from(photos)
            .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
            .orderBy(photos.position, photos.id)
            .limit(1);
          if (next) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
        }
        return removed.storageKey;
      });
    },

    /**
     * Adds a photo unless the profile has `limit` photos already (rejected ones do not count). The profile row is
     * locked first, so parallel uploads are counted one after another; the first photo becomes the main photo.
     * Answers null when the limit is reached.
     */
    async insertPhotoWithinLimit(values: Omit<PhotoInsert, 'isMain' | 'position'>, limit: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, values.profileId)).for('update');
        const counts = await countPhotos(tx as unknown as Database, values.profileId);
        if (counts.total >= limit) return null;
        const [row] = await tx
          .insert(photos)
          .values({ ...values, isMain: !counts.hasMain, position: counts.total })
          .returning();
        return row!;
      });
    },

    async findOwnProfile(profileId: number) {
      const rows = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return rows[0] ?? null;
    },

    async updateProfile(profileId: number, values: Partial<ProfileInsert>) {
      // Fields left undefined are not changed; with none left there is nothing to do (Drizzle would send
      // `update profiles set where …`, a syntax error: the 500 an empty profile update answered).
      const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length === 0) return;
      await db.update(profiles).set(changes).where(eq(profiles.id, profileId));
    },

    /** A member's public profile with its photos (the caller decides what the viewer may see). */
    async findMemberProfile(siteId: number, profileId: number) {
      const rows = await db
        .select({ profile: profiles, listed: sql<boolean>`${listedProfile}` })
        .from(profiles)
        .where(and(eq(profiles.siteId, siteId), eq(profiles.id, profileId)))
        .limit(1);
      const profile = rows[0]?.profile;
      if (!profile) return null;
      const photoRows = await db
        .select()
        .from(photos)
        .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
        .orderBy(desc(photos.isMain), photos.position, photos.id);
      return { profile, listed: rows[0]!.listed, photos: photoRows };
    },

    /** Whether either of two profiles blocks the other: `owner` blocked `viewer`, or the other way round. */
    async findBlockBetween(ownerProfileId: number, viewerProfileId: number) {
      const rows = await db
        .select({ blocker: blocks.blockerProfileId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerProfileId, ownerProfileId), eq(blocks.blockedProfileId, viewerProfileId)),
            and(eq(blocks.blockerProfileId, viewerProfileId), eq(blocks.blockedProfileId, ownerProfileId)),
          ),
        );
      return {
        ownerBlocksViewer: rows.some((row) => row.blocker === ownerProfileId),
        viewerBlocksOwner: rows.some((row) => row.blocker === viewerProfileId),
      };
    },

    async countProfiles(siteId: number): Promise<number> {
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(profiles)
        .where(eq(profiles.siteId, siteId));
      return rows[0]?.count ?? 0;
    },

    /** Inserts profiles with their photos; answers the new profile ids in order. */
    async insertProfilesWithPhotos(
      rows: { profile: ProfileInsert; photos: Omit<PhotoInsert, 'profileId'>[] }[],
    ): Promise<number[]> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(profiles)
          .values(rows.map((row) => row.profile))
          .returning({ id: profiles.id });
        const photoRows = rows.flatMap((row, index) =>
          row.photos.map((photo) => ({ ...photo, profileId: inserted[index]!.id })),
        );
        if (photoRows.length) await tx.insert(photos).values(photoRows);
        return inserted.map((row) => row.id);
      });
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
