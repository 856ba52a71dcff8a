import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface Place {
  country: string;
  region: string | null;
  lat: number;
  lon: number;
  population: number;
  name: string;
}

export interface NearestCity {
  country: string;
  region: string | null;
  city: string;
  distanceKm: number;
}

/** Beyond this a position is not "in" any known place (at sea, or outside the supported countries). */
const maxDistanceKm = 60;
const earthRadiusKm = 6371;
/** How far a place's pull reaches: about 1.5 km for a village, 17 km for Amsterdam, 32 km for Toronto. */
const reachKm = (population: number) => Math.max(1.5, 0.02 * Math.sqrt(population));
const cellKey = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;
/** A town's name as members type it and GeoNames writes it compare alike: case, accents and spacing aside. */
const nameKey = (country: string, name: string) =>
  `${country}:${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()}`;

/** Where a town lies. */
export interface PlacePosition {
  lat: number;
  lon: number;
}

/**
 * Places in a one-degree grid, so that the nearest one is found by looking at a few cells only. Kept compact (the
 * index lives as long as the process): the names as one string with offsets, the numbers in typed arrays, and each
 * country and region code once.
 */
export function createCityIndex(places: Iterable<Place>) {
  const nameParts: string[] = [];
  const codes = new Map<string, string>();
  const shareCode = (code: string) => {
    let shared = codes.get(code);
    if (shared === undefined) {
      // A fresh copy: a code cut from a larger text would keep all of that text alive.
      shared = Buffer.from(code, 'utf8').toString('utf8');
      codes.set(code, shared);
    }
    return shared;
  };
  const countries: string[] = [];
  const regions: (string | null)[] = [];
  const latList: number[] = [];
  const lonList: number[] = [];
  const reachList: number[] = [];
  const cells = new Map<string, number[]>();

  for (const place of places) {
    const index = nameParts.length;
    nameParts.push(place.name);
    countries.push(shareCode(place.country));
    regions.push(place.region === null ? null : shareCode(place.region));
    latList.push(place.lat);
    lonList.push(place.lon);
    reachList.push(reachKm(place.population));
    const key = cellKey(place.lat, place.lon);
    const cell = cells.get(key);
    if (cell) cell.push(index);
    else cells.set(key, [index]);
  }
  const lats = Float64Array.from(latList);
  const lons = Float64Array.from(lonList);
  const reaches = Float64Array.from(reachList);
  const nameStarts = new Uint32Array(nameParts.length + 1);
  for (let index = 0; index < nameParts.length; index++) {
    nameStarts[index + 1] = nameStarts[index]! + nameParts[index]!.length;
  }
  // One new string: the parts (cut from the file's text) and the text itself can go.
  const namesText = nameParts.join('');
  const placeCount = nameParts.length;
  nameParts.length = 0;
  const nameAt = (index: number) => namesText.slice(nameStarts[index], nameStarts[index + 1]);

  // Towns by name, made on the first look-up: only the match finder asks for them.
  let byName: Map<string, number[]> | undefined;
  function placesNamed(country: string, name: string) {
    if (!byName) {
      byName = new Map();
      for (let index = 0; index < placeCount; index++) {
        const key = nameKey(countries[index]!, nameAt(index));
        const list = byName.get(key);
        if (list) list.push(index);
        else byName.set(key, [index]);
      }
    }
    return byName.get(nameKey(country, name)) ?? [];
  }

  return {
    size: placeCount,

    /**
     * Where a member's town lies, by its name in their country: of several places so named, the one in their region,
     * then the largest (its reach stands for its size). Null for a name the list does not know.
     */
    findPlace(country: string, region: string | null, name: string): PlacePosition | null {
      let best = -1;
      for (const index of placesNamed(country, name)) {
        if (
          best < 0 ||
          (regions[index] === region) > (regions[best] === region) ||
          ((regions[index] === region) === (regions[best] === region) && reaches[index]! > reaches[best]!)
        )
          best = index;
      }
      return best < 0 ? null : { lat: lats[best]!, lon: lons[best]! };
    },

    /**
     * The place a position belongs to: the nearest one, measured against each place's reach, so that someone in
     * the centre of a big city gets the city rather than a suburb whose centre happens to be a little closer.
     */
    findNearestCity(lat: number, lon: number): NearestCity | null {
      const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.05);
      // One degree of latitude is 111 km; a degree of longitude shrinks towards the poles.
      const latSpan = Math.ceil(maxDistanceKm / 111);
      const lonSpan = Math.min(Math.ceil(maxDistanceKm / (111 * cosLat)), 12);
      let best = -1;
      let bestScore = Number.POSITIVE_INFINITY;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let dLat = -latSpan; dLat <= latSpan; dLat++) {
        for (let dLon = -lonSpan; dLon <= lonSpan; dLon++) {
          const wrappedLon = ((((lon + dLon + 180) % 360) + 360) % 360) - 180;
          for (const index of cells.get(cellKey(lat + dLat, wrappedLon)) ?? []) {
            const distance = distanceKm(lat, lon, lats[index]!, lons[index]!);
            const score = distance / reaches[index]!;
            if (distance <= maxDistanceKm && score < bestScore) {
              bestScore = score;
              bestDistance = distance;
              best = index;
            }
          }
        }
      }
      if (best < 0) return null;
      return { country: countries[best]!, region: regions[best]!, city: nameAt(best), distanceKm: bestDistance };
    },
  };
}

export type CityIndex = ReturnType<typeof createCityIndex>;

/** Great-circle distance (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The towns and villages (GeoNames, over 1,000 inhabitants) of the countries regions-data knows, written by
 * scripts/generate-cities.ts: about 64,000 places, read in well under a second.
 */
function loadCityIndex(file = join(import.meta.dirname, 'cities.tsv.gz')): CityIndex {
  return createCityIndex(readPlaces(gunzipSync(readFileSync(file)).toString('utf8')));
}

export function* readPlaces(tsv: string): Generator<Place> {
  for (const line of tsv.split('\n')) {
    if (!line) continue;
    const [country, region, lat, lon, population, name] = line.split('\t');
    yield {
      country: country!,
      region: region || null,
      lat: Number(lat),
      lon: Number(lon),
      population: Number(population),
      name: name!,
    };
  }
}

let shared: CityIndex | undefined;

/** The one index of the process, read on first use (main.ts reads it before it listens). */
export function sharedCityIndex(): CityIndex {
  shared ??= loadCityIndex();
  return shared;
}
