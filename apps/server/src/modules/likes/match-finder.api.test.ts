import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, matchFinderAnswers } from '../../db/schema/likes.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { sites } from '../../db/schema/sites.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
const clock = new Date('2026-11-24T10:00:00Z');
const daysAgo = (days: number) => new Date(clock.getTime() - days * 86_400_000);

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const call = (method: 'GET' | 'PUT', url: string, cookie: string, body?: object) =>
  t.app.inject({ method, url, headers: { ...headers, cookie }, ...(body ? { payload: JSON.stringify(body) } : {}) });

let viewer: { cookie: string; profileId: number };
/** The candidates by name; all women of about 82 in the Netherlands (no demo profile is that old). */
const ids: Record<string, number> = {};

async function insertProfile(
  name: string,
  values: { city: string; region: string; interests: string[]; lastActiveAt?: Date } & Partial<
    typeof profiles.$inferInsert
  >,
) {
  const [site] = await t.database.db.select({ siteId: profiles.siteId }).from(profiles).limit(1);
  const [row] = await t.database.db
    .insert(profiles)
    .values({
      siteId: site!.siteId,
      name,
      gender: 'female',
      sexuality: 'hetero',
      birthDate: '1944-03-01',
      country: 'NL',
      lastActiveAt: clock,
      ...values,
    })
    .returning({ id: profiles.id });
  ids[name] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 40, now: () => clock });
  const { cookie, user } = await loginMember(t.app, demoAccounts[0].email);
  viewer = { cookie, profileId: user.profile.id };
  // The viewer: a straight man of 36 in Utrecht who likes travel, cooking and music.
  await t.database.db
    .update(profiles)
    .set({
      gender: 'male',
      sexuality: 'hetero',
      birthDate: '1990-06-01',
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
      interests: ['travel', 'cooking', 'music', 'wine', 'reading', 'dancing'],
    })
    .where(eq(profiles.id, viewer.profileId));
  await insertProfile('Anna', {
    city: 'Utrecht',
    region: 'NL-UT',
    interests: ['cooking', 'travel'],
    lastActiveAt: daysAgo(10),
  });
  await insertProfile('Bea', { city: 'Amsterdam', region: 'NL-NH', interests: ['cooking', 'gaming'] });
  await insertProfile('Cor', { city: 'Zeist', region: 'NL-UT', interests: ['gaming'] });
  await insertProfile('Dien', { city: 'Maastricht', region: 'NL-LI', interests: ['cars'] });
  await insertProfile('Els', { city: 'Groningen', region: 'NL-GR', interests: ['music', 'travel', 'cooking'] });
  // A town the place list does not know: nearness by region only.
  await insertProfile('Fem', { city: 'Nergenshuizen', region: 'NL-UT', interests: ['cars'] });
  // Never shown, though they share everything and live next door.
  const everything = { city: 'Utrecht', region: 'NL-UT', interests: ['travel', 'cooking', 'music'] };
  await insertProfile('Onzichtbaar', { ...everything, invisible: true });
  await insertProfile('Onbevestigd', { ...everything, status: 'disabled' });
  await insertProfile('Blokkeert', everything);
  await insertProfile('Geblokkeerd', everything);
  await insertProfile('Man', { ...everything, gender: 'male' });
  await insertProfile('Te jong', { ...everything, birthDate: '1990-01-01' });
  await t.database.db.insert(blocks).values([
    { blockerProfileId: ids.Blokkeert!, blockedProfileId: viewer.profileId },
    { blockerProfileId: viewer.profileId, blockedProfileId: ids.Geblokkeerd! },
  ]);
});
afterAll(() => t?.close());

const answers = {
  gender: 'female',
  min_age: 80,
  max_age: 85,
  place: 'any',
  interests: ['travel', 'cooking', 'music'],
};

async function bestMatches() {
  const response = await call('GET', '/api/best-matches.php', viewer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json().matches as {
    member: { id: number; name: string };
    liked: boolean;
    reason: { interests: string[]; distance_km: number | null; same_region: boolean };
  }[];
}
const namesOf = (matches: { member: { name: string } }[]) => matches.map((match) => match.member.name);

describe(`the match finder on ${testDatabaseKind()}`, () => {
  it("starts from the member's own profile, then keeps the answers saved", async () => {
    const first = await call('GET', '/api/match-finder.php', viewer.cookie);
    expect(first.json()).toEqual({
      saved: false,
      answers: {
        gender: 'female',
        min_age: 26,
        max_age: 46,
        place: 'region',
        interests: ['travel', 'cooking', 'music', 'wine', 'reading'],
      },
    });

    const saved = await call('PUT', '/api/match-finder.php', viewer.cookie, answers);
    expect([saved.statusCode, saved.json()]).toEqual([200, { saved: true, answers }]);
    expect((await call('GET', '/api/match-finder.php', viewer.cookie)).json()).toEqual({ saved: true, answers });
    // The page's services read the same.
    expect(await t.database.db.$count(matchFinderAnswers)).toBe(1);
  });

  it('refuses invalid answers by code and keeps the saved ones', async () => {
    const refusals: [object, string, string][] = [
      [{ ...answers, min_age: 50, max_age: 40 }, 'validation_failed', 'max_age'],
      [{ ...answers, min_age: 17 }, 'validation_failed', 'min_age'],
      [{ ...answers, max_age: 100 }, 'validation_failed', 'max_age'],
      [{ ...answers, gender: undefined }, 'choice_required', 'gender'],
      [{ ...answers, gender: 'robot' }, 'choice_required', 'gender'],
      [{ ...answers, place: '30' }, 'choice_required', 'place'],
      [
        { ...answers, interests: ['travel', 'cooking', 'music', 'wine', 'reading', 'dancing'] },
        'validation_failed',
        'interests',
      ],
      [{ ...answers, interests: ['travel', 'travel'] }, 'validation_failed', 'interests'],
      [{ ...answers, interests: ['knitting'] }, 'validation_failed', 'interests.0'],
      [{ ...answers, extra: 1 }, 'validation_failed', 'extra'],
    ];
    for (const [body, error, field] of refusals) {
      const response = await call('PUT', '/api/match-finder.php', viewer.cookie, body);
      expect([response.statusCode, response.json().error, response.json().field], JSON.stringify(body)).toEqual([
        400,
        error,
        field,
      ]);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await call('GET', '/api/match-finder.php', viewer.cookie)).json()).toEqual({ saved: true, answers });
  });

  it('refuses an interest the site does not offer, and visitors', async () => {
    const site = t.app.services.sites;
    const [row] = await t.database.db.select({ siteId: profiles.siteId }).from(profiles).limit(1);
    const [stored] = await t.database.db.select().from(sites).where(eq(sites.id, row!.siteId));
    const settings = stored!.settings;
    try {
      await t.database.db
        .update(sites)
        .set({ settings: { ...settings, interests: settings.interests.filter((key) => key !== 'music') } })
        .where(eq(sites.id, row!.siteId));
      site.forgetCachedSites();
      const response = await call('PUT', '/api/match-finder.php', viewer.cookie, { ...answers, place: 'region' });
      expect([response.statusCode, response.json().error, response.json().field]).toEqual([
        400,
        'validation_failed',
        'interests',
      ]);
      // Saved answers lose an interest the site stopped offering.
      expect((await call('GET', '/api/match-finder.php', viewer.cookie)).json().answers.interests).toEqual([
        'travel',
        'cooking',
      ]);
    } finally {
      await t.database.db.update(sites).set({ settings }).where(eq(sites.id, row!.siteId));
      site.forgetCachedSites();
    }
    expect((await call('GET', '/api/match-finder.php', viewer.cookie)).json()).toEqual({ saved: true, answers });
    for (const [method, url] of [
      ['GET', '/api/match-finder.php'],
      ['PUT', '/api/match-finder.php'],
      ['GET', '/api/best-matches.php'],
    ] as const) {
      const response = await call(method, url, '', method === 'PUT' ? answers : undefined);
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
  });

  it('ranks shared interests first, then nearness and activity, and never shows hidden, blocked or other members', async () => {
    await t.database.db
      .insert(likes)
      .values({ likerProfileId: viewer.profileId, likedProfileId: ids.Cor!, source: 'profile' });
    const matches = await bestMatches();
    expect(namesOf(matches)).toEqual(['Els', 'Anna', 'Bea', 'Cor', 'Fem', 'Dien']);
    const byName = Object.fromEntries(matches.map((match) => [match.member.name, match]));
    expect(byName.Els!.reason).toEqual({
      interests: ['travel', 'cooking', 'music'],
      distance_km: 159,
      same_region: false,
    });
    expect(byName.Anna!.reason).toEqual({ interests: ['travel', 'cooking'], distance_km: 0, same_region: true });
    expect(byName.Bea!.reason).toEqual({ interests: ['cooking'], distance_km: 35, same_region: false });
    expect(byName.Fem!.reason).toEqual({ interests: [], distance_km: null, same_region: true });
    expect(matches.map((match) => [match.member.name, match.liked]).filter(([, liked]) => liked)).toEqual([
      ['Cor', true],
    ]);
    expect(matches[0]!.member).toMatchObject({
      id: ids.Els,
      age: 82,
      country: 'NL',
      region: 'NL-GR',
      city: 'Groningen',
    });
  });

  it('keeps to the chosen region or distance, with the region where a town is unknown', async () => {
    const nearby = async (place: string) => {
      expect((await call('PUT', '/api/match-finder.php', viewer.cookie, { ...answers, place })).statusCode).toBe(200);
      return namesOf(await bestMatches());
    };
    expect(await nearby('region')).toEqual(['Anna', 'Cor', 'Fem']);
    expect(await nearby('10')).toEqual(['Anna', 'Cor', 'Fem']);
    expect(await nearby('50')).toEqual(['Anna', 'Bea', 'Cor', 'Fem']);
    expect(await nearby('100')).toEqual(['Anna', 'Bea', 'Cor', 'Fem']);
    expect(await nearby('any')).toEqual(['Els', 'Anna', 'Bea', 'Cor', 'Fem', 'Dien']);
    // With no interests chosen, the nearest and most active come first.
    await call('PUT', '/api/match-finder.php', viewer.cookie, { ...answers, interests: [] });
    expect(namesOf(await bestMatches())).toEqual(['Cor', 'Bea', 'Anna', 'Fem', 'Dien', 'Els']);
  });

  it('shows a member who hides or is disabled no more', async () => {
    await call('PUT', '/api/match-finder.php', viewer.cookie, answers);
    await t.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(inArray(profiles.id, [ids.Els!, ids.Bea!]));
    expect(namesOf(await bestMatches())).toEqual(['Anna', 'Cor', 'Fem', 'Dien']);
    await t.database.db
      .update(profiles)
      .set({ invisible: false })
      .where(inArray(profiles.id, [ids.Els!, ids.Bea!]));
  });
});
