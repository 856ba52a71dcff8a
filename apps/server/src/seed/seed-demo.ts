import pLimit from 'p-limit';
import type { Database } from '../db/client.ts';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import { createMemberEventsRepository } from '../events/member-events.repository.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { createLedgerRepository } from '../modules/credits/ledger.repository.ts';
import { createLedger } from '../modules/credits/ledger.service.ts';
import { createShopRepository } from '../modules/credits/shop.repository.ts';
import { createLikesRepository } from '../modules/likes/likes.repository.ts';
import { createProfilesRepository } from '../modules/profiles/profiles.repository.ts';
import { createSitesRepository } from '../modules/sites/sites.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoLikes } from './demo-likes.ts';
import { createDemoPhoto } from './demo-photos.ts';
import { createDemoProfile } from './demo-profiles.ts';
import { demoAccounts, demoCompany, demoPackages, demoPassword, demoSiteHosts, demoSiteSettings } from './demo-site.ts';
import { createRandom } from './random.ts';

const demoSeed = 20_261_122;

/**
 * On an empty database: the demo site, its company and `profiles` member profiles with photos, and (unless `likes` is
 * false) likes and matches around the demo accounts. The same input gives the same data. Everything lands in one
 * transaction, so an interrupted seed leaves nothing behind.
 */
export async function seedDemoData(
  db: Database,
  storage: Storage,
  options: { profiles: number; likes?: boolean; now?: Date },
): Promise<{ created: boolean; profiles: number; ms: number }> {
  const started = Date.now();
  // The repositories join the unit of work's transaction below: one commit for everything.
  const work = createUnitOfWork(db);
  const sites = createSitesRepository(work.db);
  const profilesRepository = createProfilesRepository(work.db);
  const accounts = createAccountsRepository(work.db);
  const likes = createLikesRepository(work.db);
  const shop = createShopRepository(work.db);
  if ((await sites.countSites()) > 0) return { created: false, profiles: 0, ms: 0 };

  const now = options.now ?? new Date();
  const memberEvents = createMemberEventsRepository(work.db);
  // The demo balances are credits like any other: through the ledger (the cache is empty during a seed).
  const ledger = createLedger({
    repository: createLedgerRepository(work.db),
    events: {
      appendMemberEvents: async (events, at) => void (await memberEvents.appendMemberEvents(events, at)),
    },
    work,
    now: () => now,
    updateMemberView: async () => {},
  });
  const passwordHash = await hashPassword(demoPassword);
  const random = createRandom(demoSeed);
  const people = Array.from({ length: options.profiles }, () => createDemoProfile(random, now));

  const photoJobs = people.flatMap((person, personIndex) =>
    Array.from({ length: person.photoCount }, (_, photoIndex) => ({ person, personIndex, photoIndex })),
  );
  const photos = await pLimit(4).map(photoJobs, (job) =>
    createDemoPhoto(storage, {
      seed: `${demoSeed}-${job.personIndex}-${job.photoIndex}`,
      gender: job.person.gender,
      hairColour: job.person.hairColour,
      skinIndex: job.person.skinTone,
      backgroundIndex: job.personIndex + job.photoIndex,
    }),
  );

  await work.transaction(async () => {
    const company = await sites.insertCompany(demoCompany);
    const site = await sites.insertSite(
      { companyId: company.id, settings: demoSiteSettings, isDemo: true },
      demoSiteHosts,
    );
    await shop.insertPackages(demoPackages.map((pkg, position) => ({ ...pkg, siteId: site.id, position })));
    let photoIndex = 0;
    const rows = people.map((person) => {
      const { photoCount, skinTone: _skinTone, ...profile } = person;
      const personPhotos = Array.from({ length: photoCount }, (_, position) => {
        const photo = photos[photoIndex++]!;
        return {
          storageKey: photo.key,
          status: 'active' as const,
          isMain: position === 0,
          position,
          width: photo.width,
          height: photo.height,
          createdAt: person.createdAt,
        };
      });
      return { profile: { ...profile, siteId: site.id }, photos: personPhotos };
    });
    const profileIds: number[] = [];
    // In turn, not through a pool: one transaction is one connection; batches of 100 keep each insert small.
    for (let start = 0; start < rows.length; start += 100) {
      profileIds.push(...(await profilesRepository.insertProfilesWithPhotos(rows.slice(start, start + 100))));
    }
    // The demo accounts take the first real (not fictional) profiles.
    const realProfiles = people.flatMap((person, index) =>
      person.fictional ? [] : [{ person, id: profileIds[index]! }],
    );
    for (const [index, account] of demoAccounts.entries()) {
      const owner = realProfiles[index];
      if (!owner) break;
      const inserted = await accounts.insertUser({
        siteId: site.id,
        profileId: owner.id,
        email: account.email,
        passwordHash,
        status: 'active',
        language: owner.person.aboutMeLanguage,
        paidUser: account.paidUser,
        signupDate: owner.person.createdAt,
        signupStep: 5,
      });
      if (inserted.created && account.credits > 0) {
        const userId = inserted.user.id;
        await ledger.grantCredits({ userId, reason: 'demo', reference: String(userId) }, account.credits);
      }
    }
    if (options.likes ?? true) {
      await seedDemoLikes(likes, random, {
        accounts: realProfiles.slice(0, demoAccounts.length),
        profiles: people.map((person, index) => ({ person, id: profileIds[index]! })),
        now,
      });
    }
  });
  return { created: true, profiles: people.length, ms: Date.now() - started };
}
