/**
 * `Intl` formatters made once per locale and options, and reused: making one costs far more than using it (a
 * member card used to make a `RelativeTimeFormat` for each card of each render). The options come from code, so
 * the cache stays as small as the ways the code formats times 11 languages; country names are kept per code.
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

export interface RegionNames {
  of(code: string): string | undefined;
}

/**
 * Country names (`of('NL')`) in a language. Each name is looked up once: `Intl.DisplayNames.of` takes over a
 * microsecond, and the language menu on every page names some twenty countries.
 */
export function findRegionNames(locale: string): RegionNames {
  return reuse('region', locale, undefined, () => {
    const displayNames = new Intl.DisplayNames([locale], { type: 'region' });
    // `of` throws on a code that is not two letters (either case) or three digits: at most 4 × 26² + 1,000 names.
    const names = new Map<string, string | undefined>();
    return {
      of(code: string) {
        if (names.has(code)) return names.get(code);
        const name = displayNames.of(code);
        names.set(code, name);
        return name;
      },
    };
  });
}

/** "Anna, Bob and Carla" in a language. */
export function findListFormat(locale: string): Intl.ListFormat {
  return reuse('list', locale, undefined, () => new Intl.ListFormat(locale, { type: 'conjunction' }));
}
