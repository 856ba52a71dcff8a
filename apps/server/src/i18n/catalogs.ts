import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLocale, type Locale, locales } from '@app/shared/i18n/locales';
import { createTranslator, flattenCatalog, type Messages, type Translate } from '@app/shared/i18n/translator';

const catalogDir = join(import.meta.dirname, '../../../../i18n');

/** One language's messages: the interface catalog plus the legal pages under `legal.`. */
export function readCatalog(locale: Locale): Record<string, string> {
  const ui = JSON.parse(readFileSync(join(catalogDir, `${locale}.json`), 'utf8'));
  const legal = JSON.parse(readFileSync(join(catalogDir, 'legal', `${locale}.json`), 'utf8'));
  return flattenCatalog({ ...ui, legal });
}

export interface Catalogs {
  messages(locale: Locale): Messages;
  translator(locale: Locale): Translate;
}

/** Reads the 11 catalogs once; every locale falls back to the Dutch source for a missing key. */
export function loadCatalogs(): Catalogs {
  const flat = new Map<Locale, Messages>();
  for (const locale of locales) flat.set(locale, readCatalog(locale));
  const source = flat.get(defaultLocale)!;
  const translators = new Map<Locale, Translate>();
  for (const locale of locales) translators.set(locale, createTranslator(locale, flat.get(locale)!, source));
  return {
    messages: (locale) => flat.get(locale)!,
    translator: (locale) => translators.get(locale)!,
  };
}
