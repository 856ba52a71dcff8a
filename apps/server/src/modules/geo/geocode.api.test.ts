import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(async () => {
  await t?.close();
});

const geocode = (query: string) =>
  t.app.inject({
    url: `/api/geocode.php?${query}`,
    headers: { host: 'localhost:3000', 'x-request-type': 'client', cookie: 'locale=nl' },
  });

describe(`GET /api/geocode.php on ${testDatabaseKind()}`, () => {
  it('answers the country, region and town of a position, cacheable for an hour', async () => {
    const response = await geocode('lat=52.0907&lon=5.1214');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ country: 'NL', region: 'NL-UT', city: 'Utrecht' });
    expect(response.headers['cache-control']).toBe('private, max-age=3600');

    expect((await geocode('lat=51.0543&lon=3.7174')).json()).toEqual({
      country: 'BE',
      region: 'BE-VOV',
      city: 'Gent',
    });
  });

  it('answers false where no known town is near', async () => {
    const response = await geocode('lat=52.5&lon=3.0');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(false);
  });

  it('refuses positions that are not coordinates, with a translated error', async () => {
    for (const query of [
      'lat=abc&lon=5',
      'lat=&lon=5',
      'lat=1e2&lon=5',
      'lat=91&lon=5',
      'lat=52&lon=-181',
      'lat=52',
      'lat=52&lon=5&x=1',
    ]) {
      const response = await geocode(query);
      expect(response.statusCode, query).toBe(400);
    }
    const bad = await geocode('lat=abc&lon=5');
    expect(bad.json()).toMatchObject({
      error: 'coordinates_invalid',
      message: 'Je locatie kon niet worden gelezen.',
      field: 'lat',
    });
  });
});
