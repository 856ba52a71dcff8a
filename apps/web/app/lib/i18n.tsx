import type { Locale } from '@app/shared/i18n/locales';
import { createTranslator, type Messages, type Translate } from '@app/shared/i18n/translator';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

interface I18nValue {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider(props: { locale: Locale; messages: Messages; children: ReactNode }) {
  const { locale, messages, children } = props;
  const value = useMemo(() => ({ locale, t: createTranslator(locale, messages) }), [locale, messages]);
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
