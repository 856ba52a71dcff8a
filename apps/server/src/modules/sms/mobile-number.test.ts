import { describe, expect, it } from 'vitest';
import { normalizeMobileNumber } from './mobile-number.ts';

const demoCountries = ['NL', 'BE', 'DE'];

describe('mobile numbers', () => {
  it('are read in the national form of the member’s country, or with a country code', () => {
    expect(normalizeMobileNumber('06 12345678', demoCountries, 'NL')).toBe('+31612345678');
    expect(normalizeMobileNumber('06-12 34 56 78', demoCountries, 'NL')).toBe('+31612345678');
    expect(normalizeMobileNumber('+31 6 12345678', demoCountries, 'BE')).toBe('+31612345678');
    expect(normalizeMobileNumber('0031612345678', demoCountries, 'NL')).toBe('+31612345678');
    expect(normalizeMobileNumber('0470 12 34 56', demoCountries, 'BE')).toBe('+32470123456');
    expect(normalizeMobileNumber('0151 23456789', demoCountries, 'DE')).toBe('+4915123456789');
  });

  it('are read as of the site’s first country when the site does not serve the member’s', () => {
    expect(normalizeMobileNumber('06 12345678', demoCountries, 'FR')).toBe('+31612345678');
    expect(normalizeMobileNumber('06 12 34 56 78', ['FR', 'BE'], 'PL')).toBe('+33612345678');
  });

  it('refuse landlines, service numbers, wrong lengths and text', () => {
    expect(normalizeMobileNumber('020 1234567', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('0800 0220', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('06 1234567', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('06 123456789', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('mijn nummer', demoCountries, 'NL')).toBeNull();
  });

  it('refuse mobile numbers of countries the site does not serve', () => {
    expect(normalizeMobileNumber('+33 6 12 34 56 78', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('+44 7400 123456', demoCountries, 'NL')).toBeNull();
    expect(normalizeMobileNumber('+32 470 12 34 56', ['NL'], 'NL')).toBeNull();
    expect(normalizeMobileNumber('+44 7400 123456', ['GB'], 'NL')).toBe('+447400123456');
  });
});
