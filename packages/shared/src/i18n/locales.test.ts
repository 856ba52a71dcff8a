import { describe, expect, it } from 'vitest';
import { isLocale, resolveLocale } from './locales.ts';

describe('resolveLocale', () => {
  it('takes a known cookie value first', () => {
    expect(resolveLocale('en', 'de-DE')).toBe('en');
  });
  it('ignores a cookie value that is not a known code', () => {
    expect(resolveLocale('xx', 'de-DE')).toBe('de');
    expect(resolveLocale('EN', undefined)).toBe('nl');
    expect(resolveLocale('nl-NL', undefined)).toBe('nl');
  });
  it("falls back to the first two letters of the site's domain language when supported", () => {
    expect(resolveLocale(undefined, 'fr-BE')).toBe('fr');
    expect(resolveLocale(undefined, 'pt-PT')).toBe('nl');
  });
  it('falls back to Dutch', () => {
    expect(resolveLocale(undefined, undefined)).toBe('nl');
  });
  it('knows exactly the eleven interface languages', () => {
    expect(['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'].every(isLocale)).toBe(true);
    expect(isLocale('no')).toBe(false);
  });
});
