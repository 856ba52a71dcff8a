import { defaultLocale, locales } from '@app/shared/i18n/locales';
import { messageArguments } from '@app/shared/i18n/message-arguments';
import { browserNamespaces, namespaceOf, serverNamespaces } from '@app/shared/i18n/message-namespaces';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

import { loadCatalogs, readCatalog } from './catalogs.ts';

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

describe('namespaces', () => {
  it('hold every key: each namespace is either for browsers or for the server alone', () => {
    const used = new Set(Object.keys(source).map(namespaceOf));
    expect([...used].sort()).toEqual([...browserNamespaces, ...serverNamespaces].sort());
    expect(browserNamespaces.filter((name) => (serverNamespaces as readonly string[]).includes(name))).toEqual([]);
  });

  it('give browsers the messages of the namespaces they ask for, and nothing else', () => {
    const catalogs = loadCatalogs();
    const messages = JSON.parse(catalogs.browserMessages('de', ['geo', 'members']));
    const expected = Object.entries(readCatalog('de')).filter(([key]) => /^(geo|members)\./.test(key));
    expect(Object.entries(messages).sort()).toEqual(expected.sort());
    expect(JSON.parse(catalogs.browserMessages('nl', []))).toEqual({});
  });

  it('version each language by what browsers may load of it', () => {
    const versions = locales.map((locale) => loadCatalogs().browserVersion(locale));
    expect(new Set(versions).size).toBe(locales.length);
    expect(versions).toEqual(locales.map((locale) => loadCatalogs().browserVersion(locale)));
    for (const version of versions) expect(version).toMatch(/^[0-9a-f]{12}$/);
  });
});
