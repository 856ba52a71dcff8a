import { localeCookieName } from '@app/shared/i18n/locales';
import { appManifestSchema } from '@app/shared/sites/app-manifest';
import { appBackgroundColor, appIcons, appThemeColor } from '@app/shared/sites/installed-app';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createSitesRepository } from './sites.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  const sites = createSitesRepository(t.database.db);
  const company = await sites.insertCompany({
    name: 'Herzklopfen GmbH',
    address: 'Friedrichstraße 1',
    kvk: 'HRB 12345',
    city: 'Berlin',
    country: 'DE',
    supportPhone: '+49 30 123456',
    deleteDiscount: 30,
    added: new Date('2025-06-01T00:00:00Z'),
  });
  await sites.insertSite(
    {
      companyId: company.id,
      settings: {
        ...demoSiteSettings,
        name: 'Herzklopfen',
        countries: ['DE'],
        domain: 'herzklopfen.test',
        domain_language: 'de-DE',
        description: { de: 'Herzklopfen bringt Menschen zusammen.' },
      },
    },
    ['herzklopfen.test'],
  );
});

afterAll(() => t?.close());

async function getManifest(url: string, headers: Record<string, string> = { host: 'localhost:3000' }) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  return { response, manifest: appManifestSchema.parse(JSON.parse(response.body)) };
}

/** Every address in a manifest: each must be a path on the site that serves it. */
function addressesOf(manifest: ReturnType<typeof appManifestSchema.parse>) {
  return [manifest.id, manifest.start_url, manifest.scope, ...manifest.icons.map((icon) => icon.src)];
}

describe(`the installed app's manifest and icons on ${testDatabaseKind()}`, () => {
  it("GET /manifest.webmanifest answers the site's name, colours and icons in its language", async () => {
    const { response, manifest } = await getManifest('/manifest.webmanifest');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(manifest).toMatchObject({
      name: 'Hartklop',
      short_name: 'Hartklop',
      lang: 'nl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: appThemeColor,
      background_color: appBackgroundColor,
    });
    expect(manifest.description).toContain('Hartklop is de gezellige datingcommunity');
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it("speaks the page's language (?lang=), not the cookie the browser does not send", async () => {
    const { manifest } = await getManifest('/manifest.webmanifest?lang=de');
    expect(manifest.lang).toBe('de');
    expect(manifest.description).toContain('Hartklop ist die gesellige Dating-Community');
    // Without ?lang= it is the site's language, whatever cookie came along: shared caches keep one copy.
    const { manifest: plain } = await getManifest('/manifest.webmanifest', {
      host: 'localhost:3000',
      cookie: `${localeCookieName}=fr`,
    });
    expect(plain.lang).toBe('nl');
  });

  it('is per site: the name, language and description of the site the host names', async () => {
    const { manifest } = await getManifest('/manifest.webmanifest', { host: 'herzklopfen.test' });
    expect(manifest).toMatchObject({
      name: 'Herzklopfen',
      short_name: 'Herzklopfen',
      lang: 'de',
      description: 'Herzklopfen bringt Menschen zusammen.',
    });
  });

  it('writes no address from a forged Host or X-Forwarded header, and refuses a host no site serves', async () => {
    const { response, manifest } = await getManifest('/manifest.webmanifest', {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example;proto=https',
    });
    expect(response.body).not.toContain('evil');
    for (const address of addressesOf(manifest)) expect(address).toMatch(/^\/(?!\/)/);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'evil.example' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'site_not_found' });
  });

  it('refuses a language it does not have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest?lang=xx',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('serves every icon the manifest lists as a PNG of its stated size', async () => {
    const { manifest } = await getManifest('/manifest.webmanifest');
    for (const icon of manifest.icons) {
      const response = await t.app.inject({ method: 'GET', url: icon.src, headers: { host: 'localhost:3000' } });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=604800');
      const { format, width, height } = await sharp(response.rawPayload).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it('fills a maskable icon and the apple-touch-icon to the corners; the plain icon keeps its round ones', async () => {
    const corner = async (path: string) => {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost:3000' } });
      expect(response.statusCode, path).toBe(200);
      const image = sharp(response.rawPayload).ensureAlpha();
      const { width, height } = await image.metadata();
      const { data } = await image.extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({
        resolveWithObject: true,
      });
      return { size: `${width}x${height}`, rgba: [...data] };
    };
    const brand = [0xd1, 0x44, 0x70, 255];
    expect(await corner(appIcons.maskable512.path)).toEqual({ size: '512x512', rgba: brand });
    expect(await corner(appIcons.appleTouch.path)).toEqual({ size: '180x180', rgba: brand });
    expect((await corner(appIcons.any512.path)).rgba[3]).toBe(0);
  });

  it('serves the icons to any host, like the favicon (they are the same for every site)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: appIcons.appleTouch.path,
      headers: { host: 'unknown.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
