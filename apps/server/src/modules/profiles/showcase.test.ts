import type { SessionUser } from '@app/shared/accounts/session-user';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../storage/storage.ts';
import type { Site } from '../sites/sites.service.ts';
import type { ProfilesRepository } from './profiles.repository.ts';
import { createProfilesService } from './profiles.service.ts';

const t0 = new Date('2026-11-29T10:00:00Z');

/**
 * A site's listed profiles with a main photo, newest active first (ids count down), half of them women; and what a
 * viewer finds of them as the database would answer: the listed ones less their hidden ids.
 */
function showcaseTable(size: number) {
  const profiles = Array.from({ length: size }, (_, index) => ({
    id: 1_000 - index,
    name: `P${index}`,
    birthDate: '1990-01-01',
    country: 'NL',
    region: null,
    city: null,
    fictional: false,
    lastActiveAt: new Date(t0.getTime() - index * 60_000),
    photoKey: `${String(index).padStart(24, '0')}`,
    gender: index % 2 === 0 ? 'female' : 'male',
  }));
  const hiddenOf = new Map<number, number[]>();
  let reads = 0;
  const repository = {
    async findShowcaseProfiles(
      _siteId: number,
      limit: number,
      filter: { gender?: string; viewerProfileId?: number | null } = {},
    ) {
      reads += 1;
      const hidden = new Set(filter.viewerProfileId ? (hiddenOf.get(filter.viewerProfileId) ?? []) : []);
      return profiles
        .filter((row) => !hidden.has(row.id) && (filter.gender === undefined || row.gender === filter.gender))
        .slice(0, limit);
    },
  } as unknown as ProfilesRepository;
  return {
    repository,
    hiddenOf,
    reads: () => reads,
    findHiddenProfileIds: async (viewer: number) => hiddenOf.get(viewer) ?? [],
  };
}

const site = { id: 1, settings: { cdn_prefix: '/cdn/' } } as unknown as Site;
const viewer = (profileId: number) => ({ id: profileId + 5_000, profile: { id: profileId } }) as SessionUser;

function services(table: ReturnType<typeof showcaseTable>) {
  const common = { repository: table.repository, storage: {} as Storage, now: () => t0 };
  return {
    shared: createProfilesService({
      ...common,
      sharedShowcaseMs: 10_000,
      findHiddenProfileIds: table.findHiddenProfileIds,
    }),
    own: createProfilesService(common),
  };
}

describe('the shared member showcase', () => {
  it("answers every viewer what their own query finds, whatever the number of hidden profiles and the site's size", async () => {
    for (const size of [8, 30, 60]) {
      const table = showcaseTable(size);
      const { shared, own } = services(table);
      for (const hiddenCount of [0, 1, 5, 20, 25, 40]) {
        // The viewer, then the newest profiles first: the worst case for a shared list.
        const viewerId = 1_000 - size - 1;
        table.hiddenOf.set(viewerId, [viewerId, ...Array.from({ length: hiddenCount }, (_, index) => 1_000 - index)]);
        for (const limit of [5, 12]) {
          for (const gender of [undefined, 'female']) {
            const answer = await shared.findShowcaseMembers(site, viewer(viewerId), limit, { gender });
            const expected = await own.findShowcaseMembers(site, viewer(viewerId), limit, { gender });
            expect(
              answer.map((card) => card.id),
              `size ${size}, ${hiddenCount} hidden, ${limit}`,
            ).toEqual(expected.map((card) => card.id));
          }
        }
      }
    }
  });

  it('reads the list once for every viewer and visitor of a site, gender and length', async () => {
    const table = showcaseTable(60);
    const { shared } = services(table);
    table.hiddenOf.set(1, [1]);
    table.hiddenOf.set(2, [2, 1_000]);
    await shared.findShowcaseMembers(site, viewer(1), 12);
    await shared.findShowcaseMembers(site, viewer(2), 12);
    await shared.findShowcaseMembers(site, null, 12);
    expect(table.reads()).toBe(1);
    await shared.findShowcaseMembers(site, viewer(1), 12, { gender: 'female' });
    expect(table.reads()).toBe(2);
  });
});
