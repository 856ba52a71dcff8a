import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { countryRegions } from '@app/shared/sites/regions-data';
import { describe, expect, it } from 'vitest';
import { createCityIndex, distanceKm, readPlaces, sharedCityIndex } from './city-index.ts';

describe('the shipped places', () => {
  it('place every town of every supported country in one of its regions, and reach every region', () => {
    const reached = new Set<string>();
    let withoutRegion = 0;
    for (const place of readPlaces(
      gunzipSync(readFileSync(join(import.meta.dirname, 'cities.tsv.gz'))).toString('utf8'),
    )) {
      expect(countryRegions[place.country]).toBeDefined();
      if (place.region) reached.add(place.region);
      else withoutRegion++;
    }
    // Only outlying islands outside every region (the Chatham Islands, GB's sovereign base areas).
    expect(withoutRegion).toBeLessThan(10);
    const missing = Object.values(countryRegions)
      .flatMap((country) => country.regions.map((region) => region.code))
      .filter((code) => !reached.has(code));
    expect(missing).toEqual([]);
  });
});

describe('findNearestCity', () => {
  const cities = sharedCityIndex();

  it.each([
    [52.0907, 5.1214, 'NL', 'NL-UT', 'Utrecht'],
    [52.37, 4.89, 'NL', 'NL-NH', 'Amsterdam'],
    [51.22, 4.4, 'BE', 'BE-VAN', 'Antwerpen'],
    [48.137, 11.575, 'DE', 'DE-BY', 'Munich'],
    [53.35, -6.26, 'IE', 'IE-D', 'Dublin'],
    [60.1, 19.93, 'FI', 'FI-01', 'Mariehamn'],
    // Downtown Toronto is nearer to the centre of a suburb than to Toronto's own point.
    [43.65, -79.38, 'CA', 'CA-ON', 'Toronto'],
  ])('places %f, %f in %s, %s, %s', (lat, lon, country, region, city) => {
    expect(cities.findNearestCity(lat, lon)).toMatchObject({ country, region, city });
  });

  it('finds nothing at sea or far from any supported country', () => {
    expect(cities.findNearestCity(52.5, 3.0)).toBeNull(); // North Sea
    expect(cities.findNearestCity(0, 0)).toBeNull();
    expect(cities.findNearestCity(-33.92, 18.42)).toBeNull(); // Cape Town
  });

  it('prefers the village someone is in over a big city further away', () => {
    const index = createCityIndex([
      { country: 'NL', region: 'NL-NH', lat: 52.37, lon: 4.89, population: 740_000, name: 'Stad' },
      { country: 'NL', region: 'NL-NH', lat: 52.5, lon: 4.95, population: 4_000, name: 'Dorp' },
    ]);
    expect(index.findNearestCity(52.501, 4.951)?.city).toBe('Dorp');
    expect(index.findNearestCity(52.38, 4.9)?.city).toBe('Stad');
  });

  it('works across the date line and near the poles', () => {
    const index = createCityIndex([
      { country: 'NZ', region: null, lat: -43.95, lon: 179.9, population: 600, name: 'Oost' },
      { country: 'NO', region: null, lat: 78.22, lon: 15.65, population: 2_000, name: 'Noord' },
    ]);
    expect(index.findNearestCity(-43.95, -179.95)?.city).toBe('Oost');
    expect(index.findNearestCity(78.3, 16.5)?.city).toBe('Noord');
  });
});

describe('findPlace', () => {
  it('finds a town by name in the country, whatever the case and accents, and the one in the region first', () => {
    const index = createCityIndex([
      { country: 'NL', region: 'NL-NH', lat: 52.37, lon: 4.89, population: 740_000, name: 'Amsterdam' },
      { country: 'US', region: 'US-NY', lat: 42.94, lon: -74.19, population: 18_000, name: 'Amsterdam' },
      { country: 'NL', region: 'NL-GE', lat: 52.0, lon: 6.0, population: 2_000, name: 'Hengelo' },
      { country: 'NL', region: 'NL-OV', lat: 52.26, lon: 6.79, population: 80_000, name: 'Hengelo' },
      { country: 'BE', region: 'BE-WLG', lat: 50.63, lon: 5.57, population: 180_000, name: 'Liège' },
    ]);
    expect(index.findPlace('NL', 'NL-NH', ' amsterdam ')).toEqual({ lat: 52.37, lon: 4.89 });
    expect(index.findPlace('NL', 'NL-GE', 'Hengelo')).toEqual({ lat: 52.0, lon: 6.0 });
    // Outside its region, the largest of the name.
    expect(index.findPlace('NL', null, 'Hengelo')).toEqual({ lat: 52.26, lon: 6.79 });
    expect(index.findPlace('BE', 'BE-WLG', 'Liege')).toEqual({ lat: 50.63, lon: 5.57 });
    expect(index.findPlace('DE', null, 'Amsterdam')).toBeNull();
  });

  it('measures Amsterdam to Utrecht as about 35 km', () => {
    const cities = sharedCityIndex();
    const amsterdam = cities.findPlace('NL', 'NL-NH', 'Amsterdam')!;
    const utrecht = cities.findPlace('NL', 'NL-UT', 'Utrecht')!;
    expect(Math.round(distanceKm(amsterdam.lat, amsterdam.lon, utrecht.lat, utrecht.lon))).toBe(35);
  });
});
