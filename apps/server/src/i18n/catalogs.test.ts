import { defaultLocale, locales } from '@app/shared/i18n/locales';
import { messageArguments } from '@app/shared/i18n/message-arguments';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

import { readCatalog } from './catalogs.ts';

const source = readCatalog(defaultLocale);

describe.each(locales)('the %s catalogs (interface and legal pages)', (locale) => {
  const catalog = readCatalog(locale);

  it('has every key of the Dutch source and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(source).sort());
  });

  it('has no empty text', () => {
    const empty = Object.entries(catalog).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders as the source in every text', () => {
    const differing = Object.keys(source).filter(
      (key) =>
        catalog[key] !== undefined && messageArguments(catalog[key]).join() !== messageArguments(source[key]!).join(),
    );
    expect(differing).toEqual([]);
  });

  it('has only texts that compile as ICU messages', () => {
    const broken = Object.entries(catalog).filter(([, text]) => {
      try {
        new IntlMessageFormat(text, locale);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });
});
