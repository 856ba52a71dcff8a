import { countryRegions } from '@app/shared/sites/regions-data';
import type { RegionOptions } from './regions.ts';

// Loaders send the regions a page's region field needs; the list of every country stays on the server.

/** The regions of one country, as a region field lists them (none for no country or one without regions). */
export function regionOptions(country: string | null | undefined): RegionOptions {
  return { country: country ?? '', regions: (country && countryRegions[country]?.regions) || [] };
}

/** A region's name, as locals name it. */
export function regionName(country: string, region: string | null | undefined): string | null {
  if (!region) return null;
  return countryRegions[country]?.regions.find((candidate) => candidate.code === region)?.name ?? null;
}
