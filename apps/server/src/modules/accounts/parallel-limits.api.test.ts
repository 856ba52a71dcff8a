import { freePhotoLimit, premiumPhotoLimit } from '@app/shared/profiles/photo-limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';

// Limits are decided in the database: requests that arrive together cannot pass them (issue 11, item 5).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const strongPassword = 'Zonnebloem-Kanaal-1987!';

function signup(email: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers,
    payload: JSON.stringify({ email, name: 'Parallel', password: strongPassword, date_of_birth: '1990-05-05' }),
    remoteAddress,
  });
}

async function countUsers(): Promise<number> {
  const result = await t.database.db.execute('select count(*)::int as n from users');
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe(`limits under parallel requests on ${testDatabaseKind()}`, () => {
  it('20 signups at once from one address: five accounts, the rest told to wait', async () => {
    const before = await countUsers();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signup(`samen${i}@example.com`, '198.51.100.20')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json().error)).toEqual(
      Array(15).fill('rate_limited'),
    );
    expect(await countUsers()).toBe(before + 5);
  });

  it('ten signups at once with one address: one account, nine told to log in, no 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signup('eenadres@example.com', `198.51.100.${100 + i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, answer.json().error])).toEqual(
      Array(9).fill([409, 'account_exists']),
    );
    expect(refused[0]!.json().message).toBeTruthy();
  });

  it('parallel uploads stop at the photo limit: free 3, premium 25', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#d14470' } })
      .jpeg()
      .toBuffer();
    const profiles = createProfilesRepository(t.database.db);
    const cases = [
      { cookie: sessionCookie(await signup('fotos@example.com', '198.51.100.30')), limit: freePhotoLimit, tries: 12 },
      { cookie: (await loginMember(t.app, demoAccounts[1].email)).cookie, limit: premiumPhotoLimit, tries: 30 },
    ];
    for (const { cookie, limit, tries } of cases) {
      const me = (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).json().user;
      const uploads = await Promise.all(
        Array.from({ length: tries }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/photos.php',
            headers: { ...headers, cookie, 'content-type': 'image/jpeg' },
            payload: jpeg,
          }),
        ),
      );
      expect(uploads.every((answer) => answer.statusCode === 200 || answer.json().error === 'photo_limit')).toBe(true);
      expect((await profiles.findPhotoCounts(me.profile.id)).total).toBe(limit);
    }
  });
});
