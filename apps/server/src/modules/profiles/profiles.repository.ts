import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery, prepareQueryVariants } from '../../db/prepared-query.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { blockedByViewer, findableBy, type Viewer, visibleTo } from './profile-visibility.ts';

export type ProfileInsert = typeof profiles.$inferInsert;
export type PhotoInsert = typeof photos.$inferInsert;

/** The join of a profile's approved main photo, as cards show it. */
export const mainPhotoJoin = and(
  eq(photos.profileId, profiles.id),
  eq(photos.isMain, true),
  eq(photos.status, 'active'),
);

/** What a member card shows (see member-card.ts); the main photo comes from a join on `photos` (mainPhotoJoin). */
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

/** What a member's profile page shows of the profile (profiles.service.ts findMember). */
const memberProfileColumns = {
  id: profiles.id,
  name: profiles.name,
  fictional: profiles.fictional,
  birthDate: profiles.birthDate,
  gender: profiles.gender,
  sexuality: profiles.sexuality,
  relationshipStatus: profiles.relationshipStatus,
  hairColour: profiles.hairColour,
  eyeColour: profiles.eyeColour,
  bodyType: profiles.bodyType,
  tattoos: profiles.tattoos,
  reason: profiles.reason,
  interests: profiles.interests,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  aboutMe: profiles.aboutMe,
  lastActiveAt: profiles.lastActiveAt,
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

/**
 * Profiles and their photos: the only code that writes `profiles` and `photos`. Whom a viewer may see or find follows
 * the visibility policy (profile-visibility.ts).
 */
export function createProfilesRepository(db: Database) {
  // The queries of every page view, prepared once (db/prepared-query.ts); their values are placeholders.
  const showcaseQuery = prepareQueryVariants(
    db,
    'showcase_profiles',
    (db, parts: { gender: boolean; viewer: boolean }) =>
      db
        .select(memberCardColumns)
        .from(profiles)
        .innerJoin(photos, mainPhotoJoin)
        .where(
          and(
            eq(profiles.siteId, sql.placeholder('siteId')),
            findableBy(parts.viewer ? sql.placeholder('viewer') : null),
            parts.gender ? eq(profiles.gender, sql.placeholder('gender')) : undefined,
          ),
        )
        .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
        .limit(sql.placeholder('limit')),
  );
  const memberProfileQuery = prepareQueryVariants(db, 'member_profile', (db, parts: { viewer: boolean }) => {
    // The approved photos, main photo first, as one JSON array beside the profile: no second round trip.
    const activePhotos = db
      .select({
        list: sql<{ id: number; isMain: boolean; storageKey: string }[]>`coalesce(json_agg(json_build_object(
          'id', ${photos.id}, 'isMain', ${photos.isMain}, 'storageKey', ${photos.storageKey})
          order by ${photos.isMain} desc, ${photos.position}, ${photos.id}), '[]')`.as('list'),
      })
      .from(photos)
      .where(and(eq(photos.profileId, profiles.id), eq(photos.status, 'active')))
      .as('active_photos');
    return db
      .select({
        profile: memberProfileColumns,
        blockedByViewer: parts.viewer
          ? sql<boolean>`${blockedByViewer(sql.placeholder('viewer'))}`
          : sql<boolean>`false`,
        photos: activePhotos.list,
      })
      .from(profiles)
      .crossJoinLateral(activePhotos)
      .where(
        and(
          eq(profiles.siteId, sql.placeholder('siteId')),
          eq(profiles.id, sql.placeholder('profileId')),
          visibleTo(parts.viewer ? sql.placeholder('viewer') : null),
        ),
      )
      .limit(1);
  });
  const searchStartQuery = prepareQuery(db, 'search_start_profile', (db) =>
    db
      .select({
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        birthDate: profiles.birthDate,
        country: profiles.country,
        region: profiles.region,
      })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('profileId')))
      .limit(1),
  );

  return {
    /**
     * Recently active profiles the viewer finds (a visitor: listed ones), with an approved main photo, for showcases
     * and first matches.
     */
    async findShowcaseProfiles(
      siteId: number,
      limit: number,
      filter: { gender?: string; viewerProfileId?: Viewer } = {},
    ) {
      const viewer = filter.viewerProfileId ?? null;
      return showcaseQuery(
        { gender: filter.gender !== undefined, viewer: viewer !== null },
        { siteId, limit, gender: filter.gender, viewer },
      );
    },

    /** A photo with what decides whether this viewer may see it. */
    async findPhotoByKey(storageKey: string, viewer: Viewer) {
      const rows = await db
        .select({
          storageKey: photos.storageKey,
          status: photos.status,
          isMain: photos.isMain,
          profileId: photos.profileId,
          siteId: profiles.siteId,
          /** Whether the viewer may see the profile (profile-visibility.ts: visibleTo). */
          visible: sql<boolean>`${visibleTo(viewer)}`,
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

    /** Makes one active photo of the profile the main photo, in one statement; answers false when there is none. */
    async setMainPhoto(profileId: number, photoId: number): Promise<boolean> {
      const rows = await db
        .update(photos)
        .set({ isMain: sql`${photos.id} = ${photoId}` })
        .where(
          and(
            eq(photos.profileId, profileId),
            sql`exists (select 1 from ${photos} as target where target.id = ${photoId} and target.profile_id = ${profileId} and target.status = 'active')`,
          ),
        )
        .returning({ id: photos.id });
      return rows.length > 0;
    },

    /** Removes a photo of the profile; answers its storage key and whether it was the main photo. */
    async deletePhoto(profileId: number, photoId: number) {
      const [removed] = await db
        .delete(photos)
        .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
        .returning({ storageKey: photos.storageKey, isMain: photos.isMain });
      return removed ?? null;
    },

    /** Makes the first active photo of the profile its main photo (after the main photo was removed). */
    async promoteNextMainPhoto(profileId: number) {
      const [next] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
        .orderBy(photos.position, photos.id)
        .limit(1);
      if (next) await db.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
    },

    /**
     * Locks the profile's row until the end of the running transaction, so that parallel uploads count its photos one
     * after another.
     */
    async lockProfileForPhotos(profileId: number) {
      await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
    },

    /** Adds a photo; the caller decides its place and whether it is the main photo. */
    async insertPhoto(values: PhotoInsert) {
      const [row] = await db.insert(photos).values(values).returning();
      return row!;
    },

    /** Removes every photo of a profile (an erased account); answers their storage keys. */
    async deletePhotosOfProfile(profileId: number): Promise<string[]> {
      const removed = await db
        .delete(photos)
        .where(eq(photos.profileId, profileId))
        .returning({ storageKey: photos.storageKey });
      return removed.map((row) => row.storageKey);
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

    /**
     * A member's profile with its approved photos, when the viewer may see it (visibleTo); null when not, as if it did
     * not exist. Says whether the viewer blocks the member. The caller decides which photos the viewer may open.
     */
    async findMemberProfile(siteId: number, profileId: number, viewer: Viewer) {
      const rows = await memberProfileQuery({ viewer: viewer !== null }, { siteId, profileId, viewer });
      return rows[0] ?? null;
    },

    /** What a member's search starts from (packages/shared search-start.ts): their own answers. */
    async findSearchStartProfile(profileId: number) {
      const rows = await searchStartQuery({ profileId });
      return rows[0] ?? null;
    },

    async countProfiles(siteId: number): Promise<number> {
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(profiles)
        .where(eq(profiles.siteId, siteId));
      return rows[0]?.count ?? 0;
    },

    /** Inserts profiles with their photos (the caller's unit of work makes it one transaction); answers the ids. */
    async insertProfilesWithPhotos(
      rows: { profile: ProfileInsert; photos: Omit<PhotoInsert, 'profileId'>[] }[],
    ): Promise<number[]> {
      const inserted = await db
        .insert(profiles)
        .values(rows.map((row) => row.profile))
        .returning({ id: profiles.id });
      const photoRows = rows.flatMap((row, index) =>
        row.photos.map((photo) => ({ ...photo, profileId: inserted[index]!.id })),
      );
      if (photoRows.length) await db.insert(photos).values(photoRows);
      return inserted.map((row) => row.id);
    },

    async insertProfile(values: ProfileInsert): Promise<number> {
      const [row] = await db.insert(profiles).values(values).returning({ id: profiles.id });
      return row!.id;
    },

    /**
     * Enables or disables a profile: accounts keep it in step with the login (unconfirmed, deleted: disabled), and the
     * visibility policy reads only this.
     */
    async setProfileStatus(profileId: number, status: 'active' | 'disabled') {
      await db.update(profiles).set({ status }).where(eq(profiles.id, profileId));
    },

    /** Erases what identifies the person behind a profile, for good (an erased account); it stays hidden. */
    async eraseProfile(profileId: number) {
      await db
        .update(profiles)
        .set({
          name: '-',
          aboutMe: null,
          aboutMeLanguage: null,
          city: null,
          region: null,
          interests: [],
          invisible: true,
        })
        .where(eq(profiles.id, profileId));
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
