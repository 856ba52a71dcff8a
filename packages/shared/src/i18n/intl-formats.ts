/**
 * `Intl` formatters made once per locale and options, and reused: making one costs far more than using it (a
 * member card used to make a `RelativeTimeFormat` for each card of each render). The options come from code, so
 * the cache stays as small as the ways the code formats times 11 languages.
 */

const formats = new Map<string, unknown>();

function reuse<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key) as T | undefined;
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function findNumberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return reuse('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function findPluralRules(locale: string): Intl.PluralRules {
  return reuse('plural', locale, undefined, () => new Intl.PluralRules(locale));
}

export function findDateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return reuse('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function findRelativeTimeFormat(
  locale: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return reuse('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** Country names (`of('NL')`) in a language. */
export function findRegionNames(locale: string): Intl.DisplayNames {
  return reuse('region', locale, undefined, () => new Intl.DisplayNames([locale], { type: 'region' }));
}

/** "Anna, Bob and Carla" in a language. */
export function findListFormat(locale: string): Intl.ListFormat {
  return reuse('list', locale, undefined, () => new Intl.ListFormat(locale, { type: 'conjunction' }));
}
