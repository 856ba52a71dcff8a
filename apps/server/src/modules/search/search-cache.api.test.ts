import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo-site.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { startTwoAppInstances, type TwoAppInstances } from '../../test/two-app-instances.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

let instances: TwoAppInstances;
let t: TestApp;
let second: FastifyInstance;

// As in production: shared search pages and totals kept for minutes, two app instances on one database and Redis.
beforeAll(async () => {
  instances = await startTwoAppInstances({
    profiles: 6,
    config: { searchPageCacheSeconds: 600, searchCountCacheSeconds: 600 },
  });
  ({ t, second } = instances);
});
afterAll(() => instances?.close());

async function foundIds(app: FastifyInstance, cookie: string) {
  const answer = (await app.inject({ url: '/api/search.php', headers: { ...headers, cookie } })).json();
  return { ids: answer.results.map((card: { id: number }) => card.id) as number[], total: answer.numResults as number };
}

/** The member with `cookie` blocks (POST) or unblocks (DELETE) a profile, on the first instance. */
const blockMember = (method: 'POST' | 'DELETE', cookie: string, profileId: number) =>
  t.app.inject({
    method,
    url: '/api/blocks.php',
    headers: { ...headers, cookie },
    payload: JSON.stringify({ profile_id: profileId }),
  });

describe(`search from shared pages on ${testDatabaseKind()}`, () => {
  it('hides a member who blocks the viewer at once on the process that saw it and within a second on another', async () => {
    const viewer = await loginMember(t.app, demoAccounts[0].email);
    const other = await loginMember(t.app, demoAccounts[1].email);
    const before = await foundIds(t.app, viewer.cookie);
    expect(before.ids).toContain(other.user.profile.id);
    expect(before.ids).not.toContain(viewer.user.profile.id);
    expect((await foundIds(second, viewer.cookie)).ids).toEqual(before.ids);
    expect((await foundIds(second, other.cookie)).ids).toContain(viewer.user.profile.id);

    const block = (method: 'POST' | 'DELETE') => blockMember(method, other.cookie, viewer.user.profile.id);
    expect((await block('POST')).statusCode).toBe(200);
    const after = await foundIds(t.app, viewer.cookie);
    expect(after.ids).toEqual(before.ids.filter((id) => id !== other.user.profile.id));
    expect(after.total).toBe(before.total - 1);
    expect((await foundIds(t.app, other.cookie)).ids).not.toContain(viewer.user.profile.id);
    const hiddenThere = async (from: typeof viewer, hidden: typeof viewer) =>
      !(await foundIds(second, from.cookie)).ids.includes(hidden.user.profile.id);
    expect(await waitFor(() => hiddenThere(viewer, other), 1_000)).toBe(true);
    expect(await waitFor(() => hiddenThere(other, viewer), 1_000)).toBe(true);

    expect((await block('DELETE')).statusCode).toBe(200);
    expect((await foundIds(t.app, viewer.cookie)).ids).toEqual(before.ids);
    expect(await waitFor(async () => !(await hiddenThere(viewer, other)), 1_000)).toBe(true);
  });

  it('shares the showcase between viewers, each without their hidden profiles, a block showing at once', async () => {
    const viewer = await loginMember(t.app, demoAccounts[0].email);
    const other = await loginMember(t.app, demoAccounts[1].email);
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const showcase = async (app: FastifyInstance, member: typeof viewer) =>
      (await app.services.profiles.profiles.findShowcaseMembers(site, member.user, 100)).map((card) => card.id);
    // As the viewer's own query finds them (findableBy), in the same order.
    const own = await createProfilesRepository(t.database.db).findShowcaseProfiles(site.id, 100, {
      viewerProfileId: viewer.user.profile.id,
    });
    const before = await showcase(t.app, viewer);
    expect(before).toEqual(own.map((row) => row.id));
    expect(before).toContain(other.user.profile.id);
    expect(before).not.toContain(viewer.user.profile.id);
    expect(await showcase(second, viewer)).toEqual(before);
    // Another viewer, whose hidden profiles are kept, gets the same list without a statement.
    await t.app.services.search.findHiddenProfileIds(other.user.profile.id);
    const counter = countStatements(t.database);
    try {
      const forOther = await showcase(t.app, other);
      expect(forOther).not.toContain(other.user.profile.id);
      expect(forOther).toContain(viewer.user.profile.id);
      expect(counter.statements).toEqual([]);
    } finally {
      counter.stop();
    }

    const block = (method: 'POST' | 'DELETE') => blockMember(method, other.cookie, viewer.user.profile.id);
    expect((await block('POST')).statusCode).toBe(200);
    const withoutOther = before.filter((id) => id !== other.user.profile.id);
    expect(await showcase(t.app, viewer)).toEqual(withoutOther);
    const shownThere = async () => JSON.stringify(await showcase(second, viewer)) === JSON.stringify(withoutOther);
    expect(await waitFor(shownThere, 1_000)).toBe(true);
    expect((await block('DELETE')).statusCode).toBe(200);
    expect(await showcase(t.app, viewer)).toEqual(before);
  });
});
