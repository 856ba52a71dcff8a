import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import { ageOn } from '@app/shared/profiles/age';
import type { MemberProfile } from '@app/shared/profiles/member-profile';
import type { ProfileFieldKey } from '@app/shared/profiles/profile-fields';
import { createSharedReads } from '../../lib/shared-reads.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Site } from '../sites/sites.service.ts';
import { toMemberCard } from './member-card.ts';
import { blurPhoto, photoFileName } from './photo-processing.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

type ShowcaseRow = Awaited<ReturnType<ProfilesRepository['findShowcaseProfiles']>>[number];

const photoFilePattern = /^photos\/([a-f0-9]{24})(_match|_thumb|_blur)?\.jpg$/;

/** How many more rows a shared showcase holds than it shows, for the viewers' hidden profiles among them. */
const sharedShowcaseSpare = 20;

export function createProfilesService(deps: {
  repository: ProfilesRepository;
  storage: Storage;
  now: () => Date;
  /**
   * Showcases shared by all viewers for this long, as search pages are (decision 017); 0: each viewer's is read
   * with their exclusions.
   */
  sharedShowcaseMs?: number;
  /** The profiles a viewer never finds (themselves, blocks either way): the search's, kept per viewer. */
  findHiddenProfileIds?: (viewerProfileId: number) => Promise<number[]>;
}) {
  const { repository, storage, findHiddenProfileIds } = deps;
  const sharedShowcaseMs = findHiddenProfileIds ? (deps.sharedShowcaseMs ?? 0) : 0;
  // Per site, gender and length, as a visitor finds them.
  const readSharedShowcase =
    sharedShowcaseMs > 0
      ? createSharedReads<ShowcaseRow[]>({ entries: 1_000, ttlMs: sharedShowcaseMs, now: () => deps.now().getTime() })
      : undefined;

  /**
   * The showcase's rows for the viewer. What a viewer finds is what a visitor finds less their hidden profiles
   * (profile-visibility.ts, findableBy), so a shared list with spare rows serves every viewer whose hidden profiles
   * leave `limit` of them, or who see the whole list; anyone else reads their own.
   */
  async function findShowcaseRows(siteId: number, viewer: SessionUser | null, limit: number, gender?: string) {
    if (readSharedShowcase && findHiddenProfileIds) {
      const shownTo = limit + sharedShowcaseSpare;
      const key = `${siteId}|${gender === undefined ? '*' : `=${gender}`}|${shownTo}`;
      const [rows, hidden] = await Promise.all([
        readSharedShowcase(key, () =>
          repository.findShowcaseProfiles(siteId, shownTo, { gender, viewerProfileId: null }),
        ),
        viewer ? findHiddenProfileIds(viewer.profile.id) : [],
      ]);
      const hiddenIds = new Set(hidden);
      const visible = rows.filter((row) => !hiddenIds.has(row.id));
      if (visible.length >= limit || rows.length < shownTo) return visible.slice(0, limit);
    }
    return repository.findShowcaseProfiles(siteId, limit, { gender, viewerProfileId: viewer?.profile.id ?? null });
  }

  // Modules that come later learn that a member opened a profile (the likes module clears that liker's new like).
  const memberOpenedListeners: ((viewer: SessionUser, profileId: number) => Promise<void>)[] = [];

  const service = {
    /**
     * Calls `listener` each time a member (not a visitor, not the owner) opens a profile they may see through
     * `openMember`, which `/api/member.php` calls. The profile page reads the likes itself (`likes.openLikesWith`, one
     * query): a new listener must be wired into that page's loader too.
     */
    onMemberOpened(listener: (viewer: SessionUser, profileId: number) => Promise<void>) {
      memberOpenedListeners.push(listener);
    },

    /** Recently active members the viewer finds (profile-visibility.ts: findableBy), as cards. */
    async findShowcaseMembers(site: Site, viewer: SessionUser | null, limit: number, filter: { gender?: string } = {}) {
      const rows = await findShowcaseRows(site.id, viewer, limit, filter.gender);
      const now = deps.now();
      return rows.map((row) => toMemberCard(row, site.settings.cdn_prefix, now));
    },

    /**
     * A photo file by its CDN path, for this viewer: main photos and the blurred versions for everyone; the other
     * photos only for premium members and the owner; nothing of a profile the viewer may not see (the visibility
     * policy's visibleTo: hidden, or blocking the viewer), or of a photo not approved (except to its owner). Anything
     * else answers as if it did not exist.
     */
    async findPhotoFile(site: Site, fileName: string, viewer: SessionUser | null) {
      const match = photoFilePattern.exec(fileName);
      if (!match) return null;
      const variant =
        match[2] === '_blur' ? 'blur' : match[2] === '_match' ? 'match' : match[2] === '_thumb' ? 'thumb' : 'full';
      const photo = await repository.findPhotoByKey(match[1]!, viewer?.profile.id ?? null);
      if (!photo || photo.siteId !== site.id || !photo.visible) return null;
      const isOwner = viewer?.profile.id === photo.profileId;
      if (!isOwner) {
        if (photo.status !== 'active') return null;
        if (variant !== 'blur' && !photo.isMain && !viewer?.paid_user) return null;
      }
      const shared = photo.isMain || variant === 'blur';
      if (variant !== 'blur') {
        const file = await storage.get(fileName);
        return file ? { ...file, shared } : null;
      }
      const stored = await storage.get(fileName);
      if (stored) return { ...stored, shared };
      // Made on first request, so that photos from before the blurred size existed get one too.
      const full = await storage.get(photoFileName(photo.storageKey, 'full'));
      if (!full) return null;
      const data = await blurPhoto(full.data);
      await storage.put(fileName, data, 'image/jpeg');
      return { data, contentType: 'image/jpeg', shared };
    },

    /**
     * A member's profile page as this viewer may see it (the visibility policy's visibleTo); a profile the viewer may
     * not see, a hidden one or one that blocks them, does not exist for them.
     */
    /**
     * A member opens a profile through `/api/member.php`: findMember, and the modules listening hear of it. Pages call
     * findMember; the profile page and `/likes/m/{id}` clear the like's mark with `likes.openLikesWith`.
     */
    async openMember(site: Site, viewer: SessionUser | null, profileId: number): Promise<MemberProfile> {
      const member = await service.findMember(site, viewer, profileId);
      if (viewer && !member.is_own) for (const listener of memberOpenedListeners) await listener(viewer, profileId);
      return member;
    },

    async findMember(site: Site, viewer: SessionUser | null, profileId: number): Promise<MemberProfile> {
      const row = await repository.findMemberProfile(site.id, profileId, viewer?.profile.id ?? null);
      if (!row) throw new AppError('not_found', `no profile ${profileId} for this viewer`);
      const isOwner = viewer?.profile.id === profileId;
      const fields = new Set(site.settings.visible_profile_fields);
      const show = <T>(field: ProfileFieldKey, value: T) => (fields.has(field) ? value : null);
      const seesAll = isOwner || viewer?.paid_user === true;
      const prefix = site.settings.cdn_prefix;
      const p = row.profile;
      return {
        id: p.id,
        name: p.name,
        fictional: p.fictional,
        age: show('age', ageOn(p.birthDate, deps.now())),
        gender: show('gender', p.gender),
        sexuality: show('sexuality', p.sexuality),
        relationship_status: show('relationship_status', p.relationshipStatus),
        hair_colour: show('hair_colour', p.hairColour),
        eye_colour: show('eye_colour', p.eyeColour),
        body_type: show('body_type', p.bodyType),
        tattoos: show('tattoos', p.tattoos),
        reason: show('reason', p.reason),
        interests: show('interests', p.interests) ?? [],
        living_area: show('living_area', { country: p.country, region: p.region, city: p.city }),
        about_me: fields.has('about_me') && site.settings.visible_profile_notes ? p.aboutMe : null,
        last_active_at: p.lastActiveAt.toISOString(),
        photo_count: row.photos.length,
        photos: row.photos.map((photo) =>
          photo.isMain || seesAll
            ? {
                id: photo.id,
                is_main: photo.isMain,
                locked: false,
                full: prefix + photoFileName(photo.storageKey, 'full'),
                match: prefix + photoFileName(photo.storageKey, 'match'),
                thumb: prefix + photoFileName(photo.storageKey, 'thumb'),
              }
            : {
                id: photo.id,
                is_main: false,
                locked: true,
                full: null,
                match: prefix + photoFileName(photo.storageKey, 'blur'),
                thumb: prefix + photoFileName(photo.storageKey, 'blur'),
              },
        ),
        blocked_by_viewer: row.blockedByViewer,
        is_own: isOwner,
      };
    },
  };
  return service;
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
