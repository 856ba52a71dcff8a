import { describe, expect, it } from 'vitest';
import { calendarDay, startOfMonth, startOfNextDay, startOfNextMonth } from './calendar-day.ts';

describe('calendar days in a time zone', () => {
  it('names the local day, not the UTC one', () => {
    expect(calendarDay(new Date('2026-11-24T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-25');
    expect(calendarDay(new Date('2026-11-24T22:59:59Z'), 'Europe/Amsterdam')).toBe('2026-11-24');
    expect(calendarDay(new Date('2026-11-24T23:30:00Z'), 'UTC')).toBe('2026-11-24');
    expect(calendarDay(new Date('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('2026-11-24');
  });

  it('finds the next local midnight in winter and summer time', () => {
    expect(startOfNextDay(new Date('2026-11-24T10:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
    expect(startOfNextDay(new Date('2026-07-01T10:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-07-01T22:00:00.000Z',
    );
  });

  it('finds midnight across a change of clocks', () => {
    // 28 March 2026 (winter time, +1); the next midnight is still +1, the clocks go forward at 02:00 on the 29th.
    expect(startOfNextDay(new Date('2026-03-28T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    // 29 March, summer time from 02:00: midnight of the 30th is at 22:00 UTC.
    expect(startOfNextDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(startOfNextDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it('finds the local start of the month and of the next, whatever the clocks do in between', () => {
    // 31 October 2026, 23:30 in Amsterdam (winter time since the 25th) is 1 November there already.
    expect(startOfMonth(new Date('2026-10-31T23:30:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    );
    expect(startOfMonth(new Date('2026-10-31T22:59:59Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-09-30T22:00:00.000Z',
    );
    expect(startOfNextMonth(new Date('2026-10-15T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    );
    expect(startOfNextMonth(new Date('2026-12-15T12:00:00Z'), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-12-31T23:00:00.000Z',
    );
    expect(startOfMonth(new Date('2026-03-01T04:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-02-01T05:00:00.000Z',
    );
    expect(startOfMonth(new Date('2026-03-31T12:00:00Z'), 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
