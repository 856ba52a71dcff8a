import { browserNamespaces } from '@app/shared/i18n/message-namespaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogs } from '../i18n/catalogs.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The same files as the app's: the versions are hashes of them.
const catalogs = loadCatalogs();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

describe('GET /locales/<version>/<locale>/<namespaces>.json', () => {
  it("answers the language's messages of those namespaces, cached for good under the current version", async () => {
    const version = catalogs.browserVersion('de');
    const response = await get(`/locales/${version}/de/geo+members.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const messages = response.json() as Record<string, string>;
    expect(messages['members.title']).toBe(catalogs.translator('de')('members.title'));
    expect(Object.keys(messages).every((key) => /^(geo|members)\./.test(key))).toBe(true);
  });

  it('answers a set of every namespace a page may load, however long its address', async () => {
    const version = catalogs.browserVersion('nl');
    const response = await get(`/locales/${version}/nl/${browserNamespaces.join('+')}.json`);
    expect(response.statusCode).toBe(200);
    expect(response.json()['members.title']).toBe(catalogs.translator('nl')('members.title'));
  });

  it('answers an address of another version with the current messages, cached only briefly', async () => {
    const response = await get('/locales/0123456789ab/nl/members.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()['members.title']).toBe(catalogs.translator('nl')('members.title'));
  });

  it('is compressed for browsers that accept it', async () => {
    const version = catalogs.browserVersion('nl');
    const response = await get(`/locales/${version}/nl/errors+settings.json`, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it("refuses the server's own texts, unknown namespaces and languages, and other spellings of a set", async () => {
    const version = catalogs.browserVersion('nl');
    for (const file of ['mail.json', 'legal.json', 'members+mail.json', 'nope.json', 'members+geo.json', 'geo']) {
      const response = await get(`/locales/${version}/nl/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json().error, file).toBe('not_found');
    }
    expect((await get(`/locales/${version}/xx/members.json`)).statusCode).toBe(404);
    expect((await get('/locales/not-a-version/nl/members.json')).statusCode).toBe(404);
  });
});
