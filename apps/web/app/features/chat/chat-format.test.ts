import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@app/shared/i18n/locales';
import { createTranslator, flattenCatalog } from '@app/shared/i18n/translator';
import { describe, expect, it } from 'vitest';
import { formatClock, formatDayName, formatSendCost } from './chat-format.ts';

function translator(locale: Locale) {
  const catalog = JSON.parse(readFileSync(join(import.meta.dirname, `../../../../../i18n/${locale}.json`), 'utf8'));
  return createTranslator(locale, flattenCatalog(catalog));
}

const zone = 'Europe/Amsterdam';

describe('the cost text of the composer', () => {
  it('names the credits and the money in the language of the member', () => {
    const cost = { credits: 5, money: { amount: 0.5, currency: 'EUR' } };
    expect(formatSendCost(cost, 'nl', translator('nl')).replace(/\s/g, ' ')).toBe('5 credits (€ 0,50)');
    expect(formatSendCost(cost, 'en', translator('en'))).toBe('5 credits (€0.50)');
    expect(formatSendCost({ credits: 1, money: null }, 'nl', translator('nl'))).toBe('1 credit');
  });
});

describe('times and days of messages', () => {
  it('writes the time on the site clock', () => {
    expect(formatClock('2026-05-04T07:05:00.000Z', 'nl', zone)).toBe('09:05');
  });

  it('names today, yesterday, and older days with the weekday (and the year when it is another)', () => {
    const now = Date.parse('2026-05-04T10:00:00.000Z');
    const t = translator('nl');
    expect(formatDayName('2026-05-04', now, 'nl', zone, t)).toBe('Vandaag');
    expect(formatDayName('2026-05-03', now, 'nl', zone, t)).toBe('Gisteren');
    expect(formatDayName('2026-04-30', now, 'nl', zone, t)).toBe('donderdag 30 april');
    expect(formatDayName('2025-12-31', now, 'nl', zone, t)).toBe('woensdag 31 december 2025');
  });
});
