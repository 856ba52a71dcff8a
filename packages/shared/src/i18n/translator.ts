import type { Locale } from './locales.ts';
import { compileMessage } from './message-format.ts';

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

/**
 * A translate function over one locale's messages, falling back to the source catalog for a missing key.
 * Formats are compiled once per key.
 */
export function createTranslator(locale: Locale, messages: Messages, fallback?: Messages): Translate {
  // A plain Map, no LRU: only keys the catalogs have are stored, so it cannot grow past them.
  const compiled = new Map<string, (values?: MessageValues) => string>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const source = messages[key] ?? fallback?.[key];
      if (source === undefined) return key;
      format = compileMessage(source, locale);
      compiled.set(key, format);
    }
    return format(values);
  };
}
