import type { RegionData } from '@app/shared/sites/regions-data';
import type { RegionsResponse } from '@app/shared/sites/site-settings';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client.ts';

/** One country's regions, as a loader sends them for the country its page starts with. */
export type RegionOptions = { country: string; regions: readonly RegionData[] };

/** Regions fetched in this page's life, by country. */
const fetched = new Map<string, readonly RegionData[]>();

/**
 * The regions of `country` for a region field: the loader's list while the country is the one it sent, otherwise
 * fetched (GET /api/regions.php) once another country is chosen with script; none until they arrive. Without
 * script a country chosen in the form shows its regions when the form comes back from the server.
 */
export function useRegions(country: string, known: RegionOptions): { regions: readonly RegionData[]; ready: boolean } {
  const [, setArrived] = useState(0);
  const needed = country !== '' && country !== known.country && !fetched.has(country);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    apiRequest<RegionsResponse>('GET', `/api/regions.php?country=${encodeURIComponent(country)}`).then(
      (answer) => {
        fetched.set(country, answer.regions[country]?.regions ?? []);
        if (current) setArrived((count) => count + 1);
      },
      // A country without regions, or no connection: the field offers "none", which every country accepts.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [country, needed]);
  if (country === known.country) return { regions: known.regions, ready: true };
  const regions = fetched.get(country);
  return { regions: regions ?? [], ready: regions !== undefined || country === '' };
}
