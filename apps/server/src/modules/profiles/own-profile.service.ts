import type { SessionUser } from '@app/shared/accounts/session-user';
import { completeSignupSteps } from '@app/shared/accounts/signup-steps';
import { AppError } from '@app/shared/errors/app-error';
import { findWantedGender } from '@app/shared/profiles/looking-for';
import { freePhotoLimit, premiumPhotoLimit } from '@app/shared/profiles/photo-limits';
import type {
  AddedPhotoResponse,
  OwnPhoto,
  OwnProfile,
  profileUpdateSchema,
} from '@app/shared/profiles/profile-update';
import { findSearchStart, type SearchStartProfile } from '@app/shared/search/search-start';
import { countryRegions } from '@app/shared/sites/regions-data';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Site } from '../sites/sites.service.ts';
import { allPhotoVariants, newPhotoKey, photoFileName, processPhoto } from './photo-processing.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

export function createOwnProfileService(deps: {
  repository: ProfilesRepository;
  /** Runs several repository calls in one transaction (the unit of work). */
  transaction: UnitOfWork['transaction'];
  storage: Storage;
  now: () => Date;
}) {
  const { repository, storage, transaction } = deps;
  // The answers a search starts from, read once per member view: the session cache makes a new view object when it
  // reads the member again, which it does after any change the member makes and within its refresh time of any other
  // (ARCHITECTURE.md, "Sessions"). A change made here forgets the view's answers at once on this process; other
  // processes read them again with the view, once the bus tells them.
  const searchStarts = new WeakMap<SessionUser, Promise<SearchStartProfile | null>>();
  function findSearchStartProfile(user: SessionUser) {
    let read = searchStarts.get(user);
    if (!read) {
      read = repository.findSearchStartProfile(user.profile.id);
      searchStarts.set(user, read);
      read.catch(() => {
        if (searchStarts.get(user) === read) searchStarts.delete(user);
      });
    }
    return read;
  }

  return {
    async findOwnProfile(user: SessionUser): Promise<OwnProfile> {
      const row = await repository.findOwnProfile(user.profile.id);
      if (!row) throw new AppError('not_found', `no profile ${user.profile.id}`);
      return {
        gender: row.gender,
        sexuality: row.sexuality,
        relationship_status: row.relationshipStatus,
        hair_colour: row.hairColour,
        eye_colour: row.eyeColour,
        body_type: row.bodyType,
        tattoos: row.tattoos,
        reason: row.reason,
        date_of_birth: row.birthDate,
        about_me: row.aboutMe ?? '',
        interests: row.interests,
        country: row.country,
        region: row.region,
        city: row.city,
      };
    },

    /** The member's own photos, pending ones included, with their status. */
    async listOwnPhotos(site: Site, user: SessionUser): Promise<OwnPhoto[]> {
      const rows = await repository.findOwnPhotos(user.profile.id);
      const prefix = site.settings.cdn_prefix;
      return rows.map((photo) => ({
        id: photo.id,
        status: photo.status,
        is_main: photo.isMain,
        thumb: prefix + photoFileName(photo.storageKey, 'thumb'),
        match: prefix + photoFileName(photo.storageKey, 'match'),
      }));
    },

    async setMainPhoto(site: Site, user: SessionUser, photoId: number): Promise<OwnPhoto[]> {
      if (!(await repository.setMainPhoto(user.profile.id, photoId))) {
        throw new AppError('not_found', `no active photo ${photoId} of ${user.profile.id}`);
      }
      return this.listOwnPhotos(site, user);
    },

    async deletePhoto(site: Site, user: SessionUser, photoId: number): Promise<OwnPhoto[]> {
      // The next active photo becomes main if the removed one was.
      const key = await transaction(async () => {
        const removed = await repository.deletePhoto(user.profile.id, photoId);
        if (removed?.isMain) await repository.promoteNextMainPhoto(user.profile.id);
        return removed?.storageKey ?? null;
      });
      if (!key) throw new AppError('not_found', `no photo ${photoId} of ${user.profile.id}`);
      for (const variant of allPhotoVariants) await storage.delete(photoFileName(key, variant));
      return this.listOwnPhotos(site, user);
    },

    async updateOwnProfile(site: Site, user: SessionUser, update: z.output<typeof profileUpdateSchema>) {
      if (update.country && !site.settings.countries.includes(update.country)) {
        throw new AppError('country_not_served', `profile country ${update.country}`, { field: 'country' });
      }
      const country = update.country ?? (await repository.findOwnProfile(user.profile.id))?.country;
      if (update.region && !countryRegions[country ?? '']?.regions.some((region) => region.code === update.region)) {
        throw new AppError('invalid_region', `region ${update.region} not in ${country}`, { field: 'region' });
      }
      // The date of birth decides who may sign up and whom search shows: set during signup, then fixed.
      if (update.date_of_birth !== undefined && user.signup_step >= completeSignupSteps.length) {
        const stored = (await repository.findOwnProfile(user.profile.id))?.birthDate;
        if (stored !== update.date_of_birth) {
          throw new AppError('date_of_birth_fixed', `date of birth change after signup by ${user.id}`, {
            field: 'date_of_birth',
          });
        }
      }
      await repository.updateProfile(user.profile.id, {
        country: update.country,
        region: update.region === '' ? null : update.region,
        city: update.city === undefined ? undefined : update.city || null,
        gender: update.gender,
        sexuality: update.sexuality,
        relationshipStatus: update.relationship_status,
        hairColour: update.hair_colour,
        eyeColour: update.eye_colour,
        bodyType: update.body_type,
        tattoos: update.tattoos,
        reason: update.reason,
        birthDate: update.date_of_birth,
        ...(update.about_me !== undefined ? { aboutMe: update.about_me || null, aboutMeLanguage: user.language } : {}),
        interests: update.interests ? [...new Set(update.interests)] : undefined,
      });
      searchStarts.delete(user);
      return this.findOwnProfile(user);
    },

    /**
     * Adds a photo: within the limit (free 3, premium 25), decoded and re-encoded by sharp (metadata stripped),
     * stored under a server-made name. The demo site approves at once; others wait for moderation.
     */
    async addPhoto(site: Site, user: SessionUser, data: Buffer): Promise<AddedPhotoResponse['photo']> {
      const limit = user.paid_user ? premiumPhotoLimit : freePhotoLimit;
      const counts = await repository.findPhotoCounts(user.profile.id);
      if (counts.total >= limit)
        throw new AppError('photo_limit', `photo ${counts.total + 1} over ${limit}`, { limit });
      const processed = await processPhoto(data);
      const key = newPhotoKey();
      for (const variant of ['full', 'match', 'thumb'] as const) {
        await storage.put(photoFileName(key, variant), processed.files[variant], 'image/jpeg');
      }
      // Counted again under a lock on the profile's row, so that parallel uploads are counted one after another; the
      // first photo becomes the main photo.
      const photo = await transaction(async () => {
        await repository.lockProfileForPhotos(user.profile.id);
        const locked = await repository.findPhotoCounts(user.profile.id);
        if (locked.total >= limit) return null;
        return repository.insertPhoto({
          profileId: user.profile.id,
          storageKey: key,
          status: site.isDemo ? 'active' : 'pending',
          isMain: !locked.hasMain,
          position: locked.total,
          width: processed.width,
          height: processed.height,
          createdAt: deps.now(),
        });
      });
      if (!photo) {
        // A parallel upload took the last place while this one was being processed.
        for (const variant of allPhotoVariants) await storage.delete(photoFileName(key, variant));
        throw new AppError('photo_limit', `photo over ${limit}`, { limit });
      }
      return { id: photo.id, status: photo.status, is_main: photo.isMain };
    },

    /** Whom a new member is shown first: members of the gender they look for (never themselves: findableBy). */
    async signupMatchFilter(user: SessionUser) {
      const own = await findSearchStartProfile(user);
      return { gender: findWantedGender(own?.gender ?? null, own?.sexuality ?? null) };
    },

    /** Where the member's search starts when the address names no filter: from their own answers. */
    async findSearchStart(user: SessionUser) {
      const own = await findSearchStartProfile(user);
      return own ? findSearchStart(own, deps.now()) : {};
    },
  };
}

export type OwnProfileService = ReturnType<typeof createOwnProfileService>;
