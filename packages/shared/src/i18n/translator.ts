import {
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
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

/**
 * Names of the ICU arguments a message uses, sorted; used to check translations against the source. Read from the
 * parsed message (tags as text, as the translator formats them), so words in plural or select branches and quoted
 * braces are not taken for arguments; a message that does not parse throws.
 */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isLiteralElement(element) || isPoundElement(element)) continue;
      if (isTagElement(element)) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...names].sort();
}

/**
 * A translate function over one locale's messages, falling back to the source catalog for a missing key.
 * Formats are compiled once per key.
 */
export function createTranslator(locale: Locale, messages: Messages, fallback?: Messages): Translate {
  // A plain Map, no LRU: only keys the catalogs have are stored, so it cannot grow past them.
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
