import type { SessionUser } from '@app/shared/accounts/session-user';
import { and, eq, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createAccountsRepository } from '../accounts/accounts.repository.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import type { Site } from '../sites/sites.service.ts';
import { newPhotoKey, photoFileName } from './photo-processing.ts';
import { blockableBy, findableBy, likeableBy, namedInBlocksOf, visibleTo, writableBy } from './profile-visibility.ts';
import { createProfilesRepository } from './profiles.repository.ts';

/**
 * The visibility policy's table, walked through the real API calls on a site of its own: every state a target can be
 * in, for a logged-in viewer and for a visitor, against every relation (profile-visibility.ts).
 */

const host = 'zicht.test';
const password = 'Zonnebloem-Kanaal-1987!';
const targets = [
  'listed',
  'invisible',
  'unconfirmed',
  'disabled',
  'deleted',
  'blocksViewer',
  'blockedByViewer',
  'own',
  'fictional',
] as const;
type Target = (typeof targets)[number];
type Table = Record<Target, boolean>;

/** Yes for these, no for the others. */
const only = (...yes: Target[]): Table =>
  Object.fromEntries(targets.map((target) => [target, yes.includes(target)])) as Table;

/** The policy: what each relation answers for each target state. */
const expected = {
  visibleToViewer: only('listed', 'blockedByViewer', 'own', 'fictional'),
  visibleToVisitor: only('listed', 'blocksViewer', 'blockedByViewer', 'own', 'fictional'),
  findableByViewer: only('listed', 'fictional'),
  findableByVisitor: only('listed', 'blocksViewer', 'blockedByViewer', 'own', 'fictional'),
  blockableByViewer: only('listed', 'blockedByViewer', 'fictional'),
  likeableByViewer: only('listed', 'fictional'),
  writableByViewer: only('listed', 'fictional'),
  /** Once the viewer blocked them: whom the viewer's list of blocks names. */
  namedInViewersBlocks: only('listed', 'blocksViewer', 'blockedByViewer', 'fictional'),
};

let t: TestApp;
let site: Site;
let passwordHash: string;
const ids = {} as Record<Target, number>;
const photoUrls = {} as Record<Target, string>;
const cookies = {} as Record<Target, string>;
let viewer: SessionUser;
let addressCounter = 0;

const headers = { host, 'x-request-type': 'client', 'content-type': 'application/json' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: `198.51.100.${++addressCounter}`,
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

async function jpeg(colour: string) {
  return sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A confirmed member with a main photo, logged in. */
async function addMember(target: Target) {
  const profileId = await createProfilesRepository(t.database.db).insertProfile({
    siteId: site.id,
    name: `Lid ${target}`,
    birthDate: '1990-01-01',
    gender: 'female',
    country: 'NL',
  });
  await createAccountsRepository(t.database.db).insertUser({
    siteId: site.id,
    profileId,
    email: `${target.toLowerCase()}@example.com`,
    passwordHash,
    status: 'active',
    language: 'nl',
  });
  const login = await call('POST', '/api/user.php', null, { email: `${target.toLowerCase()}@example.com`, password });
  expect(login.statusCode).toBe(200);
  ids[target] = profileId;
  cookies[target] = sessionCookie(login);
}

/** Uploads a photo as the member and remembers the URL of its match size (the site approves uploads at once). */
async function addPhoto(target: Target) {
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { host, 'x-request-type': 'client', 'content-type': 'image/jpeg', cookie: cookies[target] },
    payload: await jpeg('#d14470'),
  });
  expect(upload.statusCode).toBe(200);
  const me = (await call('GET', '/api/user.php', cookies[target])).json().user as SessionUser;
  photoUrls[target] = new URL(me.profile.main_image!.match, 'http://zicht.test').pathname;
  return me;
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  passwordHash = await hashPassword(password);
  const row = await createSitesRepository(t.database.db).insertSite(
    { companyId: 1, isDemo: true, settings: { ...demoSiteSettings, name: 'Zicht', logged_out_search: 'full' } },
    [host],
  );
  site = { id: row.id, companyId: row.companyId, isDemo: row.isDemo, settings: row.settings };

  for (const target of targets) {
    if (target === 'unconfirmed' || target === 'fictional') continue;
    await addMember(target);
    const me = await addPhoto(target);
    if (target === 'own') viewer = me;
  }
  // Unconfirmed: signed up through the API, never activated.
  const signup = await call('POST', '/api/signup.php', null, {
    email: 'nieuw@example.com',
    name: 'Lid unconfirmed',
    password,
    date_of_birth: '1990-01-01',
  });
  expect(signup.statusCode).toBe(200);
  ids.unconfirmed = signup.json().user.profile.id;
  cookies.unconfirmed = sessionCookie(signup);
  await addPhoto('unconfirmed');
  // Fictional: a profile without a login, with an approved main photo.
  const key = newPhotoKey();
  await t.storage.put(photoFileName(key, 'match'), await jpeg('#123456'), 'image/jpeg');
  const [fictionalId] = await createProfilesRepository(t.database.db).insertProfilesWithPhotos([
    {
      profile: { siteId: site.id, name: 'Lid fictional', fictional: true, birthDate: '1992-02-02', country: 'NL' },
      photos: [{ storageKey: key, status: 'active', isMain: true, position: 0, width: 400, height: 500 }],
    },
  ]);
  ids.fictional = fictionalId!;
  photoUrls.fictional = `/cdn/${photoFileName(key, 'match')}`;

  // Each state reached the way it happens.
  expect((await call('PUT', '/api/account-settings.php', cookies.invisible, { invisible: true })).statusCode).toBe(200);
  await createProfilesRepository(t.database.db).setProfileStatus(ids.disabled, 'disabled');
  const deleted = await call('POST', '/api/delete-account.php', cookies.deleted, { reason: 'too_expensive', password });
  expect(deleted.statusCode).toBe(200);
  expect((await call('POST', '/api/blocks.php', cookies.blocksViewer, { profile_id: ids.own })).statusCode).toBe(200);
  expect((await call('POST', '/api/blocks.php', cookies.own, { profile_id: ids.blockedByViewer })).statusCode).toBe(
    200,
  );
});
afterAll(() => t?.close());

/** Asks one question per target; answers the table. */
async function tableOf(ask: (target: Target) => Promise<boolean>): Promise<Table> {
  const table = {} as Table;
  for (const target of targets) table[target] = await ask(target);
  return table;
}

async function searchIds(cookie: string | null): Promise<number[]> {
  const response = await call('GET', '/api/search.php', cookie);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.next_cursor).toBeNull();
  return body.results.map((card: { id: number }) => card.id);
}

/** The targets a policy builder lets through, straight from the database. */
async function builderTable(condition: SQL): Promise<Table> {
  const rows = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, site.id), condition));
  const found = new Set(rows.map((row) => row.id));
  return tableOf(async (target) => found.has(ids[target]));
}

describe(`the visibility policy, target state by relation, on ${testDatabaseKind()}`, () => {
  it('visibleTo: the profile page and the photo files', async () => {
    const page = async (cookie: string | null) =>
      tableOf(async (target) => {
        const response = await call('GET', `/api/member.php?id=${ids[target]}`, cookie);
        expect([200, 404]).toContain(response.statusCode);
        return response.statusCode === 200;
      });
    const photo = async (cookie: string | null) =>
      tableOf(async (target) => {
        const response = await call('GET', photoUrls[target], cookie);
        expect([200, 404]).toContain(response.statusCode);
        return response.statusCode === 200;
      });
    expect(await page(cookies.own)).toEqual(expected.visibleToViewer);
    expect(await photo(cookies.own)).toEqual(expected.visibleToViewer);
    expect(await page(null)).toEqual(expected.visibleToVisitor);
    expect(await photo(null)).toEqual(expected.visibleToVisitor);
    // What the page says of the viewer's own block and of their own profile.
    const blocked = (await call('GET', `/api/member.php?id=${ids.blockedByViewer}`, cookies.own)).json().member;
    expect(blocked).toMatchObject({ blocked_by_viewer: true, is_own: false });
    const own = (await call('GET', `/api/member.php?id=${ids.own}`, cookies.own)).json().member;
    expect(own).toMatchObject({ blocked_by_viewer: false, is_own: true });
    const fictional = (await call('GET', `/api/member.php?id=${ids.fictional}`, null)).json().member;
    expect(fictional.fictional).toBe(true);
    expect(await builderTable(visibleTo(ids.own))).toEqual(expected.visibleToViewer);
    expect(await builderTable(visibleTo(null))).toEqual(expected.visibleToVisitor);
  });

  it('findableBy: search and the showcases', async () => {
    const found = new Set(await searchIds(cookies.own));
    expect(await tableOf(async (target) => found.has(ids[target]))).toEqual(expected.findableByViewer);
    const foundByVisitor = new Set(await searchIds(null));
    expect(await tableOf(async (target) => foundByVisitor.has(ids[target]))).toEqual(expected.findableByVisitor);
    const showcase = await t.app.services.profiles.profiles.findShowcaseMembers(site, viewer, 100);
    const shown = new Set(showcase.map((card) => card.id));
    expect(await tableOf(async (target) => shown.has(ids[target]))).toEqual(expected.findableByViewer);
    const showcaseForVisitor = await t.app.services.profiles.profiles.findShowcaseMembers(site, null, 100);
    const shownToVisitor = new Set(showcaseForVisitor.map((card) => card.id));
    expect(await tableOf(async (target) => shownToVisitor.has(ids[target]))).toEqual(expected.findableByVisitor);
    expect(await builderTable(findableBy(ids.own))).toEqual(expected.findableByViewer);
    expect(await builderTable(findableBy(null))).toEqual(expected.findableByVisitor);
  });

  it('blockableBy: blocking by id (a block of anyone else answers not found, of oneself a bad request)', async () => {
    const blockable = await tableOf(async (target) => {
      const response = await call('POST', '/api/blocks.php', cookies.own, { profile_id: ids[target] });
      if (target === 'own') expect(response.json().error).toBe('validation_failed');
      else expect([200, 404]).toContain(response.statusCode);
      // Put back what this question changed.
      if (response.statusCode === 200 && target !== 'blockedByViewer') {
        await call('DELETE', '/api/blocks.php', cookies.own, { profile_id: ids[target] });
      }
      return response.statusCode === 200;
    });
    expect(blockable).toEqual(expected.blockableByViewer);
    expect(await builderTable(blockableBy(ids.own))).toEqual(expected.blockableByViewer);
  });

  it('likeableBy and writableBy, for the coming likes and chat: the builders', async () => {
    expect(await builderTable(likeableBy(ids.own))).toEqual(expected.likeableByViewer);
    expect(await builderTable(writableBy(ids.own))).toEqual(expected.writableByViewer);
  });

  it('namedInBlocksOf: the list of blocks names only listed members, whoever blocks whom', async () => {
    // As if the viewer had blocked every other member before they hid, were disabled or deleted.
    for (const target of targets) {
      if (target === 'own') continue;
      await t.database.db
        .insert(blocks)
        .values({ blockerProfileId: ids.own, blockedProfileId: ids[target] })
        .onConflictDoNothing();
    }
    const list = (await call('GET', '/api/blocks.php', cookies.own)).json().blocked as { id: number }[];
    const named = new Set(list.map((row) => row.id));
    expect(await tableOf(async (target) => named.has(ids[target]))).toEqual(expected.namedInViewersBlocks);
    const condition = and(eq(blocks.blockerProfileId, ids.own), namedInBlocksOf(ids.own))!;
    const rows = await t.database.db
      .select({ id: profiles.id })
      .from(blocks)
      .innerJoin(profiles, eq(blocks.blockedProfileId, profiles.id))
      .where(condition);
    expect(new Set(rows.map((row) => row.id))).toEqual(named);
  });
});
