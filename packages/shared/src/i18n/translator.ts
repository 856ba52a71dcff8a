import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from './locales.ts';

export type Messages = Readonly<Record<string, string>>;
export type MessageValues = Record<string, string | number | Date>;
export type Translate = (key: string, values?: MessageValues) => string;

interface NestedCatalog {
  [key: string]: string | NestedCatalog;
}

/** Turns `{ a: { b: 'x' } }` into `{ 'a.b': 'x' }`. */
export function flattenCatalog(catalog: NestedCatalog, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else Object.assign(flat, flattenCatalog(value, path));
  }
  return flat;
}

/** Names of the ICU arguments a message uses, sorted; used to check translations against the source. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const pattern = /\{\s*([A-Za-z0-9_]+)\s*(?:[,}])/g;
  for (const match of message.matchAll(pattern)) names.add(match[1]!);
  return [...names].sort();
}

/**
 * A translate function over one locale's messages, falling back to the source catalog for a missing key.
 * Formats are compiled once per key.
 */
export function createTranslator(locale: Locale, messages: Messages, fallback?: Messages): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const source = messages[key] ?? fallback?.[key];
      if (source === undefined) return key;
      format = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
