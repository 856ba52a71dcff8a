import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
let owner = { cookie: '', profileId: 0 };
let free = { cookie: '', profileId: 0 };
let premium = { cookie: '', profileId: 0 };
const headers = { host: 'localhost', 'x-request-type': 'client' };

async function login(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: demoPassword }),
  });
  return {
    cookie: sessionCookie(response),
    profileId: response.json().user.profile.id as number,
  };
}
const get = (url: string, cookie = '') =>
  t.app.inject({ url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
  owner = await login(demoAccounts[2].email);
  free = await login(demoAccounts[0].email);
  premium = await login(demoAccounts[1].email);
  // The owner gets three photos: one main, two more.
  for (let i = 0; i < 3; i++) {
    const image = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { ...headers, cookie: owner.cookie, 'content-type': 'image/jpeg' },
      payload: image,
    });
  }
});
afterAll(() => t?.close());

describe(`member profiles and photo access on ${testDatabaseKind()}`, () => {
  it('shows premium members every photo and the others locked to free members and visitors', async () => {
    const asPremium = (await get(`/api/member.php?id=${owner.profileId}`, premium.cookie)).json().member;
    const unlocked = asPremium.photos.filter((photo: { locked: boolean }) => !photo.locked);
    expect(unlocked.length).toBe(asPremium.photo_count);
    expect(asPremium.photo_count).toBeGreaterThanOrEqual(3);

    for (const cookie of [free.cookie, '']) {
      const member = (await get(`/api/member.php?id=${owner.profileId}`, cookie)).json().member;
      expect(member.photos.filter((photo: { locked: boolean }) => !photo.locked)).toHaveLength(1);
      const locked = member.photos.find((photo: { locked: boolean }) => photo.locked);
      expect(locked.full).toBeNull();
      expect(locked.match).toMatch(/_blur\.jpg$/);
      // The blurred version is served; the originals are not, whatever URL is guessed.
      expect((await get(locked.match, cookie)).statusCode).toBe(200);
      const original = unlocked.find((photo: { id: number }) => photo.id === locked.id);
      for (const url of [original.full, original.match, original.thumb]) {
        expect((await get(url, cookie)).statusCode, url).toBe(404);
        expect((await get(url, premium.cookie)).statusCode, url).toBe(200);
      }
    }
  });

  it('serves a blurred file, not the original, as the locked version', async () => {
    const member = (await get(`/api/member.php?id=${owner.profileId}`, free.cookie)).json().member;
    const locked = member.photos.find((photo: { locked: boolean }) => photo.locked);
    const blurred = (await get(locked.match, free.cookie)).rawPayload;
    const original = (await get(locked.match.replace('_blur', '_match'), premium.cookie)).rawPayload;
    expect(blurred.equals(original)).toBe(false);
    expect(blurred.length).toBeLessThan(30_000);
  });

  it('hides the profile and its photos from someone the owner blocked', async () => {
    const before = (await get(`/api/member.php?id=${owner.profileId}`, free.cookie)).json().member;
    const mainUrl = before.photos[0].match;
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks.php',
      headers: { ...headers, cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_id: free.profileId }),
    });
    expect((await get(`/api/member.php?id=${owner.profileId}`, free.cookie)).statusCode).toBe(404);
    expect((await get(mainUrl, free.cookie)).statusCode).toBe(404);
    // The blocker still sees the blocked member's profile, marked as blocked, and can unblock.
    const blocked = (await get(`/api/member.php?id=${free.profileId}`, owner.cookie)).json().member;
    expect(blocked.blocked_by_viewer).toBe(true);
  });

  it('answers 404 for unknown, invisible and malformed profile ids', async () => {
    expect((await get('/api/member.php?id=999999', premium.cookie)).statusCode).toBe(404);
    expect((await get('/api/member.php?id=abc', premium.cookie)).statusCode).toBe(400);
    expect((await get('/cdn/photos/../../etc/passwd', premium.cookie)).statusCode).toBe(404);
  });
});
