import { describe, expect, it } from 'vitest';
import { languageMenu, languageMenuFor } from './language-menu.ts';

describe('languageMenuFor', () => {
  it("puts the visitor's own country first, so Deutsch in Germany is Germany's", () => {
    const menu = languageMenuFor('DE');
    expect(menu[0]).toEqual({ country: 'DE', locales: ['de'] });
    expect(menu.find((entry) => entry.locales.includes('de'))?.country).toBe('DE');
  });

  it('keeps the spec order for the other countries and lists each country once', () => {
    const menu = languageMenuFor('FI');
    expect(menu.map((entry) => entry.country)).toEqual([
      'FI',
      ...languageMenu.map((entry) => entry.country).filter((country) => country !== 'FI'),
    ]);
  });

  it('keeps the spec order when the visitor country is not in the menu or unknown', () => {
    expect(languageMenuFor('JP')).toEqual(languageMenu);
    expect(languageMenuFor(null)).toEqual(languageMenu);
    expect(languageMenuFor('BE')[0]?.country).toBe('BE');
  });
});
