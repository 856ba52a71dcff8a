import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client' };
const signupCookie = (email: string) => signupMember(t.app, email, 'Nieuweling');
const readProfile = async (cookie: string) =>
  (await t.app.inject({ url: '/api/profile.php', headers: { ...headers, cookie } })).json().profile;
const updateProfile = (cookie: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe(`the personal-info step's answers on ${testDatabaseKind()}`, () => {
  it('stores gender, sexuality, date of birth and living area, and answers them', async () => {
    const cookie = await signupCookie('stap@example.com');
    // A new profile starts with the date of birth of the signup and no city.
    expect(await readProfile(cookie)).toMatchObject({ date_of_birth: '1991-01-01', city: null, gender: null });
    const response = await updateProfile(cookie, {
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1988-12-31',
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1988-12-31',
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
    };
    expect(response.json().profile).toMatchObject(expected);
    expect(await readProfile(cookie)).toMatchObject(expected);
  });

  it('refuses a date of birth under the minimum age or not a real date, changing nothing', async () => {
    const cookie = await signupCookie('jong@example.com');
    const year = new Date().getUTCFullYear();
    const young = await updateProfile(cookie, { date_of_birth: `${year - 17}-01-01`, city: 'Leiden' });
    expect(young.statusCode).toBe(400);
    expect(young.json().error).toBe('date_of_birth_required');
    const unreal = await updateProfile(cookie, { date_of_birth: '1990-02-30' });
    expect(unreal.json().error).toBe('date_of_birth_invalid');
    expect(await readProfile(cookie)).toMatchObject({ date_of_birth: '1991-01-01', city: null });
  });

  it('keeps the date of birth fixed once signup is finished, while the same date may be sent again', async () => {
    const cookie = await signupCookie('klaar@example.com');
    const finished = await t.app.inject({
      method: 'PUT',
      url: '/api/signup-step.php',
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 5 }),
    });
    expect(finished.json().user.signup_step).toBe(5);
    const changed = await updateProfile(cookie, { date_of_birth: '1980-05-05', city: 'Delft' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'date_of_birth_fixed', field: 'date_of_birth' });
    const same = await updateProfile(cookie, { date_of_birth: '1991-01-01', city: 'Delft' });
    expect(same.statusCode).toBe(200);
    expect(await readProfile(cookie)).toMatchObject({ date_of_birth: '1991-01-01', city: 'Delft' });
  });
});
