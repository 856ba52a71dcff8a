import { findDateTimeFormat, findNumberFormat } from '../i18n/intl-formats.ts';

/**
 * An error's params as its text shows them: money (`amount` in major units with its `currency`) written the way the
 * visitor's language writes money, so `errors.discount_minimum_not_met` reads "vanaf € 20,00"; a time (`until`, an
 * ISO time) as a date and time on the site's clock (`timeZone`), so `errors.spend_cool_off` reads "tot 23 november
 * 2026 om 14:05".
 */
export function formatErrorValues<Values extends Record<string, unknown>>(
  values: Values,
  localeIso: string,
  timeZone: string,
): Values {
  const { amount, currency, until } = values;
  const shown: Record<string, unknown> = { ...values };
  if (typeof amount === 'number' && typeof currency === 'string') {
    shown.amount = findNumberFormat(localeIso, { style: 'currency', currency }).format(amount);
  }
  if (typeof until === 'string' && !Number.isNaN(Date.parse(until))) {
    shown.until = findDateTimeFormat(localeIso, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      new Date(until),
    );
  }
  return shown as Values;
}
