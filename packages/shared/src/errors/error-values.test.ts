import { describe, expect, it } from 'vitest';
import { formatErrorValues } from './error-values.ts';

describe('the values an error text shows', () => {
  // Intl puts a no-break space between the amount and the sign.
  it('writes an amount with its currency as the language writes money', () => {
    const values = { amount: 125.5, currency: 'EUR' };
    expect(formatErrorValues(values, 'nl-NL', 'Europe/Amsterdam').amount).toBe('€\u00a0125,50');
    expect(formatErrorValues(values, 'en-GB', 'Europe/Amsterdam').amount).toBe('€125.50');
    expect(formatErrorValues(values, 'de-DE', 'Europe/Amsterdam').amount).toBe('125,50\u00a0€');
    expect(formatErrorValues({ amount: 0, currency: 'PLN' }, 'pl-PL', 'UTC').amount).toBe('0,00\u00a0zł');
  });

  it("writes an ISO time as a date and time on the site's clock", () => {
    const values = { until: '2026-11-23T13:05:00.000Z' };
    expect(formatErrorValues(values, 'nl-NL', 'Europe/Amsterdam').until).toBe('23 november 2026 om 14:05');
    expect(formatErrorValues(values, 'en-US', 'UTC').until).toBe('November 23, 2026 at 1:05 PM');
  });

  it('keeps other values as they are', () => {
    expect(formatErrorValues({ minutes: 15, field: 'password' }, 'nl-NL', 'UTC')).toEqual({
      minutes: 15,
      field: 'password',
    });
    // Without a currency an amount is not money, and a time that is not one stays as it is.
    expect(formatErrorValues({ amount: 100, until: 'soon' }, 'nl-NL', 'UTC')).toEqual({ amount: 100, until: 'soon' });
  });
});
