import { findNumberFormat } from '@app/shared/i18n/intl-formats';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';

/** An amount in major units (14.99) with its currency, as the member's language writes money. */
export function formatMoney(locale: Locale, amount: number, currency: string): string {
  return findNumberFormat(localeInfo[locale].iso, { style: 'currency', currency }).format(amount);
}
