import { findRelativeTimeFormat } from '@app/shared/i18n/intl-formats';

const minuteMs = 60_000;

/**
 * "3 uur geleden", "gisteren": how long ago, in the page's language (likes, notifications). `now` comes from the
 * loader, so the server's HTML and the hydrated page say the same.
 */
export function formatTimeAgo(at: string, now: number, locale: string): string {
  const format = findRelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.floor((now - Date.parse(at)) / minuteMs);
  if (minutes < 1) return format.format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 30) return format.format(-days, 'day');
  const months = Math.round(days / 30.44);
  if (months < 12) return format.format(-months, 'month');
  return format.format(-Math.round(days / 365.25), 'year');
}
