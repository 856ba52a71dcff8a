import { describe, expect, it } from 'vitest';
import { createCountryLocator } from './geoip.ts';

describe('country locator', () => {
  const locator = createCountryLocator();
  it('finds the country of public addresses, IPv4 and IPv6', () => {
    expect(locator.findCountry('145.53.1.1')).toBe('NL');
    expect(locator.findCountry('::ffff:145.53.1.1')).toBe('NL');
    expect(locator.findCountry('8.8.8.8')).toBe('US');
    expect(locator.findCountry('2a02:a440::1')).toBe('NL');
  });
  it('knows nothing of loopback, private and malformed addresses', () => {
    expect(locator.findCountry('127.0.0.1')).toBeUndefined();
    expect(locator.findCountry('::1')).toBeUndefined();
    expect(locator.findCountry('192.168.1.10')).toBeUndefined();
    expect(locator.findCountry('not an ip')).toBeUndefined();
  });
});

describe('country locator cache', () => {
  it('answers a repeated address as the first time, unknown addresses included', () => {
    const locator = createCountryLocator();
    for (let round = 0; round < 2; round++) {
      expect(locator.findCountry('145.53.1.1')).toBe('NL');
      expect(locator.findCountry('::ffff:8.8.8.8')).toBe('US');
      expect(locator.findCountry('8.8.8.8')).toBe('US');
      expect(locator.findCountry('not an ip')).toBeUndefined();
    }
  });
  it('keeps answering correctly after more addresses than it keeps', () => {
    const locator = createCountryLocator();
    for (let index = 0; index < 10_050; index++) locator.findCountry(`10.0.${index >> 8}.${index & 255}`);
    expect(locator.findCountry('145.53.1.1')).toBe('NL');
    expect(locator.findCountry('10.0.0.1')).toBeUndefined();
  });
});
