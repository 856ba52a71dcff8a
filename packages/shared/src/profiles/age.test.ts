import { describe, expect, it } from 'vitest';
import { ageOn, yearsBefore } from './age.ts';

describe('ageOn', () => {
  it('counts a birthday on the day itself', () => {
    expect(ageOn('2000-11-22', new Date('2026-11-22T00:00:00Z'))).toBe(26);
  });
  it('does not count a birthday still to come', () => {
    expect(ageOn('2000-11-23', new Date('2026-11-22T23:59:59Z'))).toBe(25);
  });
  it('handles 29 February in a common year', () => {
    expect(ageOn('2004-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(21);
    expect(ageOn('2004-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(22);
  });
});

describe('yearsBefore', () => {
  it('is the same day that many years earlier', () => {
    expect(yearsBefore(new Date('2026-11-25T23:59:59Z'), 18)).toBe('2008-11-25');
    expect(yearsBefore(new Date('2026-01-05T00:00:00Z'), 76)).toBe('1950-01-05');
  });
  it('rolls 29 February over to 1 March in a common year, as the calendar does', () => {
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 1)).toBe('2027-03-01');
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 4)).toBe('2024-02-29');
    expect(yearsBefore(new Date('2000-02-29T12:00:00Z'), 100)).toBe('1900-03-01');
  });
  it('answers what a Date computes for every day of a leap year and a common year', () => {
    for (const start of [Date.UTC(2024, 0, 1), Date.UTC(2026, 0, 1)]) {
      for (let day = 0; day < 366; day++) {
        const now = new Date(start + day * 86_400_000);
        for (const years of [1, 18, 55]) {
          const expected = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
          expect(yearsBefore(now, years)).toBe(expected.toISOString().slice(0, 10));
        }
      }
    }
  });
});
