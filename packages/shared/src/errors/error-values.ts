import { findNumberFormat } from '../i18n/intl-formats.ts';

/**
 * An error's params as its text shows them: money (`amount` in major units with its `currency`) written the way the
 * visitor's language writes money, so `errors.discount_minimum_not_met` reads "vanaf € 20,00".
 */
export function formatErrorValues<Values extends Record<string, unknown>>(values: Values, localeIso: string): Values {
  const { amount, currency } = values;
  if (typeof amount !== 'number' || typeof currency !== 'string') return values;
  return { ...values, amount: findNumberFormat(localeIso, { style: 'currency', currency }).format(amount) };
}
