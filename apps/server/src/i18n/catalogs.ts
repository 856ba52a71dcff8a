import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLocale, type Locale, locales } from '@app/shared/i18n/locales';
import { createTranslator, flattenCatalog, type Messages, type Translate } from '@app/shared/i18n/translator';

const catalogDir = join(import.meta.dirname, '../../../../i18n');

export interface Catalogs {
  messages(locale: Locale): Messages;
  translator(locale: Locale): Translate;
}

/** Reads the 11 catalogs once; every locale falls back to the Dutch source for a missing key. */
export function loadCatalogs(): Catalogs {
  const flat = new Map<Locale, Messages>();
  for (const locale of locales) {
    flat.set(locale, flattenCatalog(JSON.parse(readFileSync(join(catalogDir, `${locale}.json`), 'utf8'))));
  }
  const source = flat.get(defaultLocale)!;
  const translators = new Map<Locale, Translate>();
  for (const locale of locales) translators.set(locale, createTranslator(locale, flat.get(locale)!, source));
  return {
    messages: (locale) => flat.get(locale)!,
    translator: (locale) => translators.get(locale)!,
  };
}
