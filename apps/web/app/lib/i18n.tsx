import type { Locale } from '@app/shared/i18n/locales';
import { type BrowserNamespace, namespaceOf } from '@app/shared/i18n/message-namespaces';
import type { Translate } from '@app/shared/i18n/translator';
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import { findBrowserTranslator, loadMessageGroups } from './browser-messages.ts';

interface I18nValue {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The server's translator of the visitor's language (the catalogs in memory, nothing fetched), given by
 * `entry.server.tsx`; absent in the browser, which uses the messages it loaded.
 */
export const ServerTranslatorContext = createContext<Translate | null>(null);

/**
 * The browser's translator once the page's message files are here. Until then the render suspends: a navigation
 * keeps showing the previous page, so no key flashes (React Router renders navigations as transitions).
 */
function readBrowserTranslator(
  locale: Locale,
  version: string,
  groups: readonly (readonly BrowserNamespace[])[],
): Translate {
  for (const loading of loadMessageGroups(version, locale, groups)) use(loading);
  return findBrowserTranslator(locale);
}

/**
 * Translates only the keys of the page's namespaces, on the server as in the browser: a namespace a route forgot
 * to declare shows as raw keys in the server's HTML too, where tests and journeys see it, and never as a
 * difference between the server's page and the hydrated one.
 */
function limitToNamespaces(translate: Translate, namespaces: ReadonlySet<string>): Translate {
  return (key, values) => (namespaces.has(namespaceOf(key)) ? translate(key, values) : key);
}

export function I18nProvider(props: {
  locale: Locale;
  /** The version of the language's browser messages (root loader). */
  version: string;
  /** The page's namespaces as the browser loads them (`groupPageMessages`). */
  groups: readonly (readonly BrowserNamespace[])[];
  children: ReactNode;
}) {
  const { locale, version, groups, children } = props;
  const serverTranslate = useContext(ServerTranslatorContext);
  const translate = serverTranslate ?? readBrowserTranslator(locale, version, groups);
  const namespaces = groups.flat().join();
  const value = useMemo(
    () => ({ locale, t: limitToNamespaces(translate, new Set(namespaces.split(','))) }),
    [locale, translate, namespaces],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The translator when there is one (the error page may render outside the provider). */
export function useOptionalI18n(): I18nValue | null {
  return useContext(I18nContext);
}
