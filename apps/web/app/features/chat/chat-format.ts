import { findDateTimeFormat } from '@app/shared/i18n/intl-formats';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';
import type { Translate } from '@app/shared/i18n/translator';
import { formatMoney } from '../credits/money.ts';
import { findDay, findDayName, type SendCost } from './chat-rules.ts';

/** "14:05": when a message was sent, on the site's clock. */
export function formatClock(at: string, locale: Locale, timeZone: string): string {
  return findDateTimeFormat(localeInfo[locale].iso, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(at),
  );
}

/** A date divider's words: today, yesterday, or the weekday and date (with the year when it is not this one's). */
export function formatDayName(day: string, now: number, locale: Locale, timeZone: string, t: Translate): string {
  const name = findDayName(day, now, timeZone);
  if (name !== 'date') return t(`chat.${name}`);
  const sameYear = day.slice(0, 4) === findDay(now, timeZone).slice(0, 4);
  // Noon UTC of the day, written in UTC: the date itself, whatever the zone.
  return findDateTimeFormat(localeInfo[locale].iso, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "5 credits (€ 0,50)": a send's price as the composer names it. */
export function formatSendCost(cost: SendCost, locale: Locale, t: Translate): string {
  return cost.money
    ? t('chat.cost_money', {
        credits: cost.credits,
        money: formatMoney(locale, cost.money.amount, cost.money.currency),
      })
    : t('chat.cost', { credits: cost.credits });
}
