import { countryRegions } from '@app/shared/sites/regions-data';
import { describe, expect, it } from 'vitest';
import { geonamesRegionTables, regionCodeFor } from './geonames-regions.ts';

describe('GeoNames regions', () => {
  it('maps only to regions of the same country in regions-data', () => {
    for (const [country, table] of Object.entries(geonamesRegionTables)) {
      const ours = new Set(countryRegions[country]?.regions.map((r) => r.code));
      for (const [code, region] of Object.entries(table)) {
        expect(ours.has(region), `${country} ${code} → ${region} is not one of our regions`).toBe(true);
      }
    }
  });

  it('places well-known cities', () => {
    expect(regionCodeFor('NL', '07', '0363')).toBe('NL-NH'); // Amsterdam
    expect(regionCodeFor('BE', 'VLG', 'VAN')).toBe('BE-VAN'); // Antwerpen
    expect(regionCodeFor('BE', 'BRU', 'BRU')).toBe('BE-BRU'); // Brussel
    expect(regionCodeFor('FR', '11', '75')).toBe('FR-IDF'); // Paris
    expect(regionCodeFor('DE', '02', '091')).toBe('DE-BY'); // München
    expect(regionCodeFor('IE', 'L', '33')).toBe('IE-D'); // Dublin City
    expect(regionCodeFor('CA', '08', '')).toBe('CA-ON'); // Toronto
    expect(regionCodeFor('NO', '12', '0301')).toBe('NO-03'); // Oslo
    expect(regionCodeFor('CH', 'ZH', '112')).toBe('CH-ZH'); // Zürich
    expect(regionCodeFor('US', 'TX', '201')).toBe('US-TX'); // Houston
    expect(regionCodeFor('GB', 'ENG', 'GLA')).toBe('GB-ENG'); // London
  });

  it('knows nothing of other countries and unknown codes', () => {
    expect(regionCodeFor('PT', '14', '')).toBe(null);
    expect(regionCodeFor('NL', '99', '')).toBe(null);
    expect(regionCodeFor('GB', '', '')).toBe(null);
    expect(regionCodeFor('US', 'PR', '')).toBe(null);
    expect(regionCodeFor('NZ', '10', '')).toBe(null); // Chatham Islands
    expect(regionCodeFor('NL', 'constructor', '')).toBe(null);
    expect(regionCodeFor('constructor', 'name', '')).toBe(null);
  });
});
