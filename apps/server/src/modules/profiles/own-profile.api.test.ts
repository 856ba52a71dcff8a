import { sessionCookieName } from '@app/shared/accounts/login';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, signupMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { photoFileName } from './photo-processing.ts';
import { createProfilesRepository } from './profiles.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 6 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client' };
const signupCookie = (email: string) => signupMember(t.app, email, 'Fotograaf');
const upload = (cookie: string, payload: Buffer, type = 'image/jpeg') =>
  t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { ...headers, cookie, 'content-type': type },
    payload,
  });
const jpeg = (width = 600, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#822d32' } })
    .jpeg()
    .toBuffer();

describe(`own profile and photos on ${testDatabaseKind()}`, () => {
  it('stores a photo in three sizes; the first is the main photo; the demo site approves it', async () => {
    const cookie = await signupCookie('foto@example.com');
    const response = await upload(cookie, await jpeg());
    expect(response.statusCode).toBe(200);
    expect(response.json().photo).toMatchObject({ status: 'active', is_main: true });
    const me = (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).json().user;
    const key = /photos\/([a-f0-9]{24})_match\.jpg$/.exec(me.profile.main_image.match)![1]!;
    for (const variant of ['full', 'match', 'thumb'] as const) {
      const file = await t.storage.get(photoFileName(key, variant));
      expect(file, variant).not.toBeNull();
    }
    const match = await sharp((await t.storage.get(photoFileName(key, 'match')))!.data).metadata();
    expect([match.width, match.height]).toEqual([480, 600]);
    const second = await upload(cookie, await jpeg());
    expect(second.json().photo.is_main).toBe(false);
  });

  it('strips metadata such as GPS positions', async () => {
    const cookie = await signupCookie('gps@example.com');
    const withGps = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    expect((await upload(cookie, withGps)).statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).json().user;
    const key = /photos\/([a-f0-9]{24})_match\.jpg$/.exec(me.profile.main_image.match)![1]!;
    for (const variant of ['full', 'match', 'thumb'] as const) {
      const stored = (await t.storage.get(photoFileName(key, variant)))!.data;
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, variant).toBeUndefined();
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('refuses what is not an image, and pixel floods, changing nothing', async () => {
    const cookie = await signupCookie('nep@example.com');
    const text = await upload(cookie, Buffer.from('this is not an image at all'), 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('photo_invalid');
    // A small file of 48 megapixels: over the 40-megapixel limit.
    const flood = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const huge = await upload(cookie, flood, 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('photo_too_large');
    const wrongType = await upload(cookie, await jpeg(), 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    const me = (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).json().user;
    expect(me.profile.main_image).toBeNull();
  });

  it('allows free members 3 photos and premium members more', async () => {
    const cookie = await signupCookie('drie@example.com');
    for (let i = 0; i < 3; i++) expect((await upload(cookie, await jpeg())).statusCode).toBe(200);
    const fourth = await upload(cookie, await jpeg());
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toBe('photo_limit');
    expect(fourth.json().message).toContain('(3)');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: demoAccounts[1].email, password: demoPassword }),
    });
    const premium = sessionCookie(login);
    const premiumUser = login.json().user;
    const before = await createProfilesRepository(t.database.db).findPhotoCounts(premiumUser.profile.id);
    for (let i = before.total; i < 5; i++) expect((await upload(premium, await jpeg())).statusCode).toBe(200);
  });

  it('updates the own profile fields and records complete-signup progress', async () => {
    const cookie = await signupCookie('velden@example.com');
    const json = { ...headers, cookie, 'content-type': 'application/json' };
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: json,
      payload: JSON.stringify({
        gender: 'male',
        sexuality: 'bi',
        interests: ['travel', 'travel', 'music'],
        about_me: 'Hoi!',
      }),
    });
    expect(update.json().profile).toMatchObject({
      gender: 'male',
      sexuality: 'bi',
      interests: ['travel', 'music'],
      about_me: 'Hoi!',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: json,
      payload: '{"gender":"robot"}',
    });
    expect(bad.statusCode).toBe(400);
    const step = await t.app.inject({
      method: 'PUT',
      url: '/api/signup-step.php',
      headers: json,
      payload: JSON.stringify({ step: 4, push_choice: 'declined' }),
    });
    expect(step.json().user.signup_step).toBe(4);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('takes an empty update (the step "Over jou" with nothing chosen) as no change and answers the profile', async () => {
    const cookie = await signupCookie('niets-gekozen@example.com');
    const before = await t.app.inject({ url: '/api/profile.php', headers: { host: 'localhost', cookie } });
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(before.json());
  });

  it('lists own photos, changes the main photo, and deletes photos with their files', async () => {
    const cookie = await signupCookie('beheer@example.com');
    for (let i = 0; i < 3; i++) await upload(cookie, await jpeg());
    const json = { ...headers, cookie, 'content-type': 'application/json' };
    const list = (await t.app.inject({ url: '/api/photos.php', headers: { host: 'localhost', cookie } })).json().photos;
    expect(list).toHaveLength(3);
    expect(list.filter((photo: { is_main: boolean }) => photo.is_main)).toHaveLength(1);
    const [main, second] = list;

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      headers: json,
      payload: JSON.stringify({ id: second.id }),
    });
    expect(changed.json().photos[0]).toMatchObject({ id: second.id, is_main: true });

    const key = /photos\/([a-f0-9]{24})_thumb\.jpg$/.exec(second.thumb)![1]!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: json,
      payload: JSON.stringify({ id: second.id }),
    });
    const remaining = removed.json().photos;
    expect(remaining).toHaveLength(2);
    expect(remaining.some((photo: { is_main: boolean }) => photo.is_main)).toBe(true);
    expect(await t.storage.get(photoFileName(key, 'full'))).toBeNull();

    // Someone else's photo is not found.
    const other = await signupCookie('ander@example.com');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: { ...json, cookie: other },
      payload: JSON.stringify({ id: main.id }),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stores the living area only with a served country and one of its regions', async () => {
    const cookie = await signupCookie('woon@example.com');
    const json = { ...headers, cookie, 'content-type': 'application/json' };
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile.php', headers: json, payload: JSON.stringify(body) });
    const ok = await put({ country: 'BE', region: 'BE-VAN', city: 'Mechelen' });
    expect(ok.json().profile).toMatchObject({ country: 'BE', region: 'BE-VAN', city: 'Mechelen' });
    expect((await put({ country: 'NL', region: 'BE-VAN' })).json().error).toBe('invalid_region');
    expect((await put({ country: 'FR' })).json().error).toBe('country_not_served');
    expect((await put({ region: '' })).json().profile.region).toBeNull();
  });
});

describe(`where a member's search starts on ${testDatabaseKind()}`, () => {
  it('starts from the member’s own gender, sexuality, place and age, and follows a change of them', async () => {
    const cookie = await signupCookie('zoekstart@example.com');
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const token = new RegExp(`${sessionCookieName.replace('.', '\\.')}=([^;]+)`).exec(cookie)![1];
    // The member view a request gets: the session cache's while it holds one, so the answers are read once per view.
    const view = async () => (await t.app.services.accounts.accounts.findSessionUser(site, token))!;
    expect(await view()).toBe(await view());
    const change = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        headers: { ...headers, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const start = async () => t.app.services.profiles.ownProfile.findSearchStart(await view());

    expect((await change({ gender: 'male', sexuality: 'hetero', country: 'NL', region: 'NL-UT' })).statusCode).toBe(
      200,
    );
    const first = await start();
    expect(first).toMatchObject({ gender: 'female', country: 'NL', region: 'NL-UT' });
    // Born in 1991: ten years either side of an age in the thirties.
    expect(first.max_age! - first.min_age!).toBe(20);
    expect(first.min_age).toBeGreaterThan(18);

    await change({ sexuality: 'gay', country: 'BE', region: '' });
    expect(await start()).toMatchObject({ gender: 'male', country: 'BE' });
    expect(await start()).not.toHaveProperty('region');
    await change({ sexuality: 'bi' });
    expect(await start()).not.toHaveProperty('gender');
    // A change made with the very view the answers were read for forgets them at once.
    const same = await view();
    expect(await t.app.services.profiles.ownProfile.findSearchStart(same)).toMatchObject({ country: 'BE' });
    await t.app.services.profiles.ownProfile.updateOwnProfile(site, same, { country: 'NL' });
    expect(await t.app.services.profiles.ownProfile.findSearchStart(same)).toMatchObject({ country: 'NL' });
  });
});
