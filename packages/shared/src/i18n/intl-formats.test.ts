import { afterEach, describe, expect, it, vi } from 'vitest';
import { findDateTimeFormat, findNumberFormat, findRegionNames, findRelativeTimeFormat } from './intl-formats.ts';

describe('Intl formatters', () => {
  it('are made once per locale and options', () => {
    expect(findRelativeTimeFormat('nl', { numeric: 'auto' })).toBe(findRelativeTimeFormat('nl', { numeric: 'auto' }));
    expect(findRelativeTimeFormat('nl', { numeric: 'auto' })).not.toBe(
      findRelativeTimeFormat('de', { numeric: 'auto' }),
    );
    expect(findNumberFormat('nl')).not.toBe(findNumberFormat('nl', { style: 'currency', currency: 'EUR' }));
    expect(findRegionNames('fr')).toBe(findRegionNames('fr'));
  });

  it('format as the ones they stand for', () => {
    expect(findRelativeTimeFormat('nl', { numeric: 'auto' }).format(-1, 'day')).toBe('gisteren');
    expect(findNumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(0.99)).toBe(
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(0.99),
    );
    expect(findRegionNames('de').of('NL')).toBe('Niederlande');
    expect(findDateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(0))).toBe(
      '1 January 1970',
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('look each country name up once, and never keep a code that is no country code', () => {
    const lookUp = vi.spyOn(Intl.DisplayNames.prototype, 'of');
    const names = findRegionNames('it');
    expect(names.of('BE')).toBe(new Intl.DisplayNames(['it'], { type: 'region' }).of('BE'));
    lookUp.mockClear();
    expect(names.of('BE')).toBe('Belgio');
    expect(lookUp).not.toHaveBeenCalled();
    expect(() => names.of('not a region')).toThrow(RangeError);
    expect(() => names.of('not a region')).toThrow(RangeError);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });
});
