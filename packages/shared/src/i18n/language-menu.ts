import type { Locale } from './locales.ts';

/** The language menu: per country the languages offered there, in the spec's order. */
type LanguageMenuEntry = { country: string; locales: readonly Locale[] };

export const languageMenu: readonly LanguageMenuEntry[] = [
  { country: 'US', locales: ['en', 'es'] },
  { country: 'NL', locales: ['nl'] },
  { country: 'BE', locales: ['nl', 'fr', 'de'] },
  { country: 'FR', locales: ['fr'] },
  { country: 'IT', locales: ['it'] },
  { country: 'ES', locales: ['es'] },
  { country: 'DE', locales: ['de'] },
  { country: 'AT', locales: ['de'] },
  { country: 'IE', locales: ['en'] },
  { country: 'GB', locales: ['en'] },
  { country: 'CA', locales: ['en', 'fr'] },
  { country: 'PL', locales: ['pl'] },
  { country: 'AU', locales: ['en'] },
  { country: 'NZ', locales: ['en'] },
  { country: 'CH', locales: ['de', 'it', 'fr', 'en'] },
  { country: 'DK', locales: ['da'] },
  { country: 'FI', locales: ['fi', 'sv'] },
  { country: 'NO', locales: ['nb'] },
  { country: 'SE', locales: ['sv'] },
];

/**
 * The menu as a visitor sees it: their own country's entry first, the rest in the spec's order. So a visitor in
 * Germany who picks "Deutsch" gets Germany, not Belgium, whose entry comes first in the list.
 */
export function languageMenuFor(visitorCountry: string | null): readonly LanguageMenuEntry[] {
  const own = languageMenu.find((entry) => entry.country === visitorCountry);
  return own ? [own, ...languageMenu.filter((entry) => entry !== own)] : languageMenu;
}

/** Cookie holding the country the visitor chose on /lang-config (prices are shown for it). */
export const countryCookieName = 'country';
