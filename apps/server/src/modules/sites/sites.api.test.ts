import { localeCookieName } from '@app/shared/i18n/locales';
import { interestKeys } from '@app/shared/profiles/interests';
import {
  companyInfoResponseSchema,
  interestsResponseSchema,
  regionsResponseSchema,
  settingsResponseSchema,
  siteSettingsSchema,
} from '@app/shared/sites/site-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites as sitesTable } from '../../db/schema/sites.ts';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createSitesRepository } from './sites.repository.ts';

let t: TestApp;
/** Every statement the app sends to the database. */
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ profiles: 6, logger: { logQuery: (query) => statements.push(query) } });
  // A second site with its own company, host and language.
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
        countries: ['DE', 'AT', 'CH'],
        domain: 'herzklopfen.test',
        domain_language: 'de-DE',
        index_title: { de: 'Verlieben in deiner Nähe' },
        interests: ['travel', 'music'],
      },
    },
    ['herzklopfen.test', 'www.herzklopfen.test'],
  );
});

afterAll(() => t?.close());

describe(`site calls on ${testDatabaseKind()}`, () => {
  it('GET /api/settings.php answers { settings } with every field of the spec', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const body = settingsResponseSchema.strict().parse(response.json());
    const fields = Object.keys(siteSettingsSchema.shape).sort();
    expect(Object.keys(body.settings).sort()).toEqual(fields);
    for (const specField of [
      'countries',
      'name',
      'index_title',
      'description',
      'visible_profile_fields',
      'visible_profile_notes',
      'geoip_country',
      'geoip_selected_country',
      'region_data',
      'cdn_prefix',
      'message_credits',
      'signup_credits',
      'photo_credits',
      'gift_credits',
      'message_length',
      'minimum_message_costs',
      'support_email',
      'support_phone',
      'push_public_key',
      'search_fields',
      'domain',
      'domain_language',
      'fictional_warning',
      'fictional_singular',
      'fictional_plural',
      'fictional_icon',
      'refund_days',
      'signups',
      'logged_out_search',
      'logged_out_search_trafficsource',
      'interests',
      'member_resell',
      'niche',
      'company_id',
      'mail_name',
      'enable_site_entry_popup',
    ]) {
      expect(body.settings).toHaveProperty(specField);
    }
    expect(body.settings.name).toBe('Hartklop');
    expect(body.settings.countries).toEqual(['NL', 'BE', 'DE']);
    expect(body.settings.geoip_country).toBe('NL');
    expect(body.settings.minimum_message_costs.NL).toEqual({ costs: 0.99, currency: 'EUR' });
    expect(body.settings.fictional_singular).toBe('Fictief profiel');
    expect(body.settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('resolves texts in the language of the locale cookie', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', cookie: `${localeCookieName}=en` },
    });
    expect(response.json().settings.fictional_singular).toBe('Fictional profile');
  });

  it('chooses the site by the request host', async () => {
    const response = await t.app.inject({ url: '/api/settings.php', headers: { host: 'www.herzklopfen.test' } });
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(settings.name).toBe('Herzklopfen');
    expect(settings.countries).toEqual(['DE', 'AT', 'CH']);
    // No cookie: the language comes from the site's domain_language.
    expect(settings.index_title).toBe('Verlieben in deiner Nähe');
    expect(settings.fictional_singular).not.toBe('Fictief profiel');

    const demo = await t.app.inject({ url: '/api/settings.php', headers: { host: '127.0.0.1:3000' } });
    expect(demo.json().settings.name).toBe('Hartklop');
  });

  it('honours forced-domain outside production', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php?forced-domain=herzklopfen.test&ref=abc',
      headers: { host: 'localhost' },
    });
    expect(response.json().settings.name).toBe('Herzklopfen');
  });

  it('answers 404 site_not_found for an unknown host, translated', async () => {
    const response = await t.app.inject({ url: '/api/settings.php', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'site_not_found', message: 'Op dit adres is geen site te vinden.' });
  });

  it('reads a Host the same way each time it comes back: case and port aside, and a malformed one refused', async () => {
    const names = async (host: string) => {
      const response = await t.app.inject({ url: '/api/settings.php', headers: { host } });
      return response.statusCode === 200 ? response.json().settings.name : response.json().error;
    };
    for (let round = 0; round < 2; round++) {
      expect(await names('HerzKlopfen.TEST:8080')).toBe('Herzklopfen');
      expect(await names('herzklopfen.test')).toBe('Herzklopfen');
      expect(await names('localhost:@herzklopfen.test')).toBe('site_not_found');
      expect(await names('herzklopfen.test:99999999')).toBe('site_not_found');
    }
  });

  it('GET /api/companyinfo.php answers the company of the site', async () => {
    const response = await t.app.inject({ url: '/api/companyinfo.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const { companyinfo } = companyInfoResponseSchema.strict().parse(response.json());
    expect(companyinfo).toMatchObject({
      name: 'Hartklop Media B.V.',
      city: 'Amsterdam',
      country: 'NL',
      kvk: '81234567',
      delete_discount: 50,
      added: '2024-03-01T09:00:00.000Z',
    });
    expect(companyinfo.tradenames).toContain('Hartklop');
    expect(companyinfo.vat_numbers.NL).toMatch(/^NL\d{9}B\d{2}$/);

    const other = await t.app.inject({ url: '/api/companyinfo.php', headers: { host: 'herzklopfen.test' } });
    expect(other.json().companyinfo.name).toBe('Herzklopfen GmbH');
  });

  it('GET /api/interests.php answers the fixed list with icons, translated', async () => {
    const nl = interestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/interests.php', headers: { host: 'localhost' } })).json(),
    );
    expect(nl.interests.map((interest) => interest.key)).toEqual(interestKeys);
    expect(nl.interests.find((interest) => interest.key === 'travel')).toEqual({
      key: 'travel',
      name: 'Reizen',
      icon: 'airplane',
    });
    const de = (await t.app.inject({ url: '/api/interests.php', headers: { host: 'herzklopfen.test' } })).json();
    expect(de.interests.map((interest: { key: string }) => interest.key)).toEqual(['travel', 'music']);
    expect(de.interests[0].name).toBe('Reisen');
  });

  it("GET /api/regions.php answers the real regions of every one of the site's countries", async () => {
    const response = await t.app.inject({ url: '/api/regions.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const { regions } = regionsResponseSchema.parse(response.json());
    expect(Object.keys(regions)).toEqual(['NL', 'BE', 'DE']);
    expect(regions.NL!.name).toBe('Nederland');
    expect(regions.NL!.type_name).toBe('Provincie');
    expect(regions.NL!.regions).toHaveLength(12);
    expect(regions.NL!.regions).toContainEqual({ code: 'NL-NH', name: 'Noord-Holland' });
    expect(regions.BE!.regions).toHaveLength(11);
    expect(regions.DE!.regions).toContainEqual({ code: 'DE-BY', name: 'Bayern' });

    const swiss = (
      await t.app.inject({ url: '/api/regions.php?country=CH', headers: { host: 'herzklopfen.test' } })
    ).json();
    expect(Object.keys(swiss.regions)).toEqual(['CH']);
    expect(swiss.regions.CH.regions).toHaveLength(26);
    expect(swiss.regions.CH.type_name).toBe('Kanton');
  });

  it('answers a bad query with 400 and a translated message, changing nothing', async () => {
    const nl = await t.app.inject({ url: '/api/regions.php?country=nederland', headers: { host: 'localhost' } });
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({
      error: 'validation_failed',
      message: 'De invoer is ongeldig (country).',
      field: 'country',
    });

    const en = await t.app.inject({
      url: '/api/regions.php?country=nederland',
      headers: { host: 'localhost', cookie: `${localeCookieName}=en` },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toBe('validation_failed');
    expect(en.json().message).toContain('country');
    expect(en.json().message).not.toBe(nl.json().message);

    const unknownParameter = await t.app.inject({ url: '/api/regions.php?foo=1', headers: { host: 'localhost' } });
    expect(unknownParameter.statusCode).toBe(400);

    const notServed = await t.app.inject({ url: '/api/regions.php?country=FR', headers: { host: 'localhost' } });
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().error).toBe('country_not_served');

    const badForcedDomain = await t.app.inject({
      url: `/api/settings.php?forced-domain=${encodeURIComponent('<script>')}`,
      headers: { host: 'localhost' },
    });
    expect(badForcedDomain.statusCode).toBe(400);
    expect(badForcedDomain.json().error).toBe('validation_failed');
  });

  it('ignores a locale cookie that is not a known code', async () => {
    const response = await t.app.inject({
      url: '/api/regions.php?country=nederland',
      headers: { host: 'localhost', cookie: `${localeCookieName}=xx` },
    });
    expect(response.json().message).toBe('De invoer is ongeldig (country).');
  });

  it('refuses a state-changing call without X-Request-Type: client', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/complaints.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('client_header_required');
  });

  it('answers the site, its settings and its company from the per-process cache: no query once warm', async () => {
    const calls = ['/api/settings.php', '/api/companyinfo.php', '/api/interests.php'];
    for (const url of calls) await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    statements.length = 0;
    for (const url of calls) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(200);
    }
    expect(statements).toEqual([]);
  });

  it('shows changed settings at once to the process told by forgetCachedSites', async () => {
    const settings = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'localhost' } })).json().settings
        .name;
    const site = (await createSitesRepository(t.database.db).findSiteByHost('localhost'))!;
    const rename = (name: string) =>
      t.database.db
        .update(sitesTable)
        .set({ settings: { ...site.settings, name } })
        .where(eq(sitesTable.id, site.id));
    expect(await settings()).toBe(site.settings.name);
    await rename('Hartklop Nieuw');
    try {
      expect(await settings()).toBe(site.settings.name);
      t.app.services.sites.forgetCachedSites();
      expect(await settings()).toBe('Hartklop Nieuw');
    } finally {
      await rename(site.settings.name);
      t.app.services.sites.forgetCachedSites();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/does-not-exist.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Niet gevonden.' });
  });
});

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers when the database does', async () => {
    const response = await t.app.inject({ url: '/readyz', headers: { host: 'anything.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDatabaseKind() });
  });

  it('the API document lists the four site calls', async () => {
    const response = await t.app.inject({ url: '/api/docs/json', headers: { host: 'localhost' } });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of ['/api/settings.php', '/api/companyinfo.php', '/api/interests.php', '/api/regions.php']) {
      expect(document.paths[path].get.summary).toBeTruthy();
    }
    expect(document.paths['/api/regions.php'].get.responses['400']).toBeDefined();
  });
});
