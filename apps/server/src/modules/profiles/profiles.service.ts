import type { Storage } from '../../storage/storage.ts';
import type { Site } from '../sites/sites.service.ts';
import { toMemberCard } from './member-card.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

const photoFilePattern = /^photos\/([a-f0-9]{24})(_match|_thumb)?\.jpg$/;

export function createProfilesService(deps: { repository: ProfilesRepository; storage: Storage; now: () => Date }) {
  const { repository, storage } = deps;

  return {
    async findShowcaseMembers(site: Site, limit: number, filter: { gender?: string; notId?: number } = {}) {
      const rows = await repository.findShowcaseProfiles(site.id, limit, filter);
      const now = deps.now();
      return rows.map((row) => toMemberCard(row, site.settings.cdn_prefix, now));
    },

    /**
     * A photo file for the public CDN path: only approved main photos of active profiles of this site.
     * Everything else answers as if it did not exist.
     */
    async findPublicPhotoFile(site: Site, fileName: string) {
      const match = photoFilePattern.exec(fileName);
      if (!match) return null;
      const photo = await repository.findPhotoByKey(match[1]!);
      if (!photo || photo.siteId !== site.id) return null;
      if (photo.status !== 'active' || photo.profileStatus !== 'active' || !photo.isMain) return null;
      return storage.get(fileName);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
