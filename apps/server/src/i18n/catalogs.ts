import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLocale, type Locale, locales } from '@app/shared/i18n/locales';
import { type BrowserNamespace, browserNamespaces, namespaceOf } from '@app/shared/i18n/message-namespaces';
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
  /** The language's translator, made once: each message is parsed the first time it is used, then reused. */
  translator(locale: Locale): Translate;
  /** A hash of what browsers may load in this language: part of the message files' addresses (immutable). */
  browserVersion(locale: Locale): string;
  /** Some namespaces' messages as one JSON object of flat keys, for a message file. */
  browserMessages(locale: Locale, namespaces: readonly BrowserNamespace[]): string;
}

/**
 * Each browser namespace of a language as the inside of a JSON object (`"members.title":"Leden",…`), so that a
 * message file is a join, not a serialization per request. Missing keys fall back to the Dutch source, as on the
 * server.
 */
function serializeBrowserNamespaces(messages: Messages, source: Messages): Map<BrowserNamespace, string> {
  const grouped = new Map<string, Record<string, string>>();
  for (const [key, text] of Object.entries({ ...source, ...messages })) {
    const namespace = namespaceOf(key);
    let group = grouped.get(namespace);
    if (!group) {
      group = {};
      grouped.set(namespace, group);
    }
    group[key] = text;
  }
  return new Map(
    browserNamespaces.map((namespace) => [namespace, JSON.stringify(grouped.get(namespace) ?? {}).slice(1, -1)]),
  );
}

/** Reads the 11 catalogs once; every locale falls back to the Dutch source for a missing key. */
export function loadCatalogs(): Catalogs {
  const flat = new Map<Locale, Messages>();
  for (const locale of locales) flat.set(locale, readCatalog(locale));
  const source = flat.get(defaultLocale)!;
  const translators = new Map<Locale, Translate>();
  const browser = new Map<Locale, Map<BrowserNamespace, string>>();
  const versions = new Map<Locale, string>();
  for (const locale of locales) {
    translators.set(locale, createTranslator(locale, flat.get(locale)!, source));
    const serialized = serializeBrowserNamespaces(flat.get(locale)!, source);
    browser.set(locale, serialized);
    const hash = createHash('sha256');
    for (const [namespace, json] of serialized) hash.update(`${namespace}\n${json}\n`);
    versions.set(locale, hash.digest('hex').slice(0, 12));
  }
  return {
    messages: (locale) => flat.get(locale)!,
    translator: (locale) => translators.get(locale)!,
    browserVersion: (locale) => versions.get(locale)!,
    browserMessages: (locale, namespaces) => {
      const serialized = browser.get(locale)!;
      return `{${namespaces
        .map((namespace) => serialized.get(namespace)!)
        .filter(Boolean)
        .join(',')}}`;
    },
  };
}
