export const locales = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'nl';
export const localeCookieName = 'locale';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export interface LocaleInfo {
  code: Locale;
  /** BCP 47 tag used for dates, numbers and `<html lang>` region-aware formatting. */
  iso: string;
  /** Language code the GIF search expects. */
  gifLocale: string;
  /** The language's own name, shown in the language menu. */
  nativeName: string;
}

export const localeInfo: Record<Locale, LocaleInfo> = {
  da: { code: 'da', iso: 'da-DK', gifLocale: 'da_DK', nativeName: 'Dansk' },
  de: { code: 'de', iso: 'de-DE', gifLocale: 'de_DE', nativeName: 'Deutsch' },
  en: { code: 'en', iso: 'en-GB', gifLocale: 'en_US', nativeName: 'English' },
  es: { code: 'es', iso: 'es-ES', gifLocale: 'es_ES', nativeName: 'Español' },
  fi: { code: 'fi', iso: 'fi-FI', gifLocale: 'fi_FI', nativeName: 'Suomi' },
  fr: { code: 'fr', iso: 'fr-FR', gifLocale: 'fr_FR', nativeName: 'Français' },
  it: { code: 'it', iso: 'it-IT', gifLocale: 'it_IT', nativeName: 'Italiano' },
  nb: { code: 'nb', iso: 'nb-NO', gifLocale: 'no_NO', nativeName: 'Norsk bokmål' },
  nl: { code: 'nl', iso: 'nl-NL', gifLocale: 'nl_NL', nativeName: 'Nederlands' },
  pl: { code: 'pl', iso: 'pl-PL', gifLocale: 'pl_PL', nativeName: 'Polski' },
  sv: { code: 'sv', iso: 'sv-SE', gifLocale: 'sv_SE', nativeName: 'Svenska' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Cookie first (ignored when not a known code), then the site's domain language, then Dutch. */
export function resolveLocale(cookieValue: string | undefined, domainLanguage: string | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const fromDomain = domainLanguage?.slice(0, 2).toLowerCase();
  if (isLocale(fromDomain)) return fromDomain;
  return defaultLocale;
}
