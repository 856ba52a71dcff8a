import { describe, expect, it } from 'vitest';
import {
  findTimeBonus,
  findTimeBonusEnd,
  findTimeBonusSecondsLeft,
  formatCountdown,
  isTimeBonusActive,
  timeBonusWindowHours,
} from './time-bonus.ts';

const signup = '2026-03-01T10:00:00.000Z';
const free = { paid_user: false, signup_date: signup };
const at = (secondsAfterSignup: number) => new Date(Date.parse(signup) + secondsAfterSignup * 1_000);

describe('the time bonus window', () => {
  it('ends 14,400 s after signup', () => {
    expect(findTimeBonusEnd(signup).toISOString()).toBe('2026-03-01T14:00:00.000Z');
    expect(findTimeBonusEnd(new Date(signup)).toISOString()).toBe('2026-03-01T14:00:00.000Z');
    expect(timeBonusWindowHours).toBe(4);
  });

  it('is active for a free member from signup until just before 14,400 s, and gone at exactly 14,400 s', () => {
    expect(isTimeBonusActive(free, at(0))).toBe(true);
    expect(isTimeBonusActive(free, at(14_399))).toBe(true);
    expect(isTimeBonusActive(free, new Date(at(14_400).getTime() - 1))).toBe(true);
    expect(isTimeBonusActive(free, at(14_400))).toBe(false);
    expect(isTimeBonusActive(free, at(20_000))).toBe(false);
  });

  it('is never active for a paying member, nor for an unreadable signup date', () => {
    expect(isTimeBonusActive({ paid_user: true, signup_date: signup }, at(10))).toBe(false);
    expect(isTimeBonusActive({ paid_user: false, signup_date: 'not a date' }, at(10))).toBe(false);
  });

  it('counts whole seconds down, rounded up, and is 0 once gone', () => {
    expect(findTimeBonusSecondsLeft(free, at(0))).toBe(14_400);
    expect(findTimeBonusSecondsLeft(free, new Date(at(0).getTime() + 1))).toBe(14_400);
    expect(findTimeBonusSecondsLeft(free, new Date(at(1).getTime() - 1))).toBe(14_400);
    expect(findTimeBonusSecondsLeft(free, at(1))).toBe(14_399);
    expect(findTimeBonusSecondsLeft(free, new Date(at(14_400).getTime() - 1))).toBe(1);
    expect(findTimeBonusSecondsLeft(free, at(14_400))).toBe(0);
    expect(findTimeBonusSecondsLeft({ paid_user: true, signup_date: signup }, at(0))).toBe(0);
    // A clock behind the signup never shows more than the window.
    expect(findTimeBonusSecondsLeft(free, at(-60))).toBe(14_400);
  });

  it('is the TIMEBONUS25 discount code while active', () => {
    expect(findTimeBonus(free, at(3_600))).toEqual({
      code: 'TIMEBONUS25',
      country: null,
      user_id: null,
      expires: '2026-03-01T14:00:00.000Z',
      value_percentage: 25,
      currency: null,
      minimum_order_value: null,
      status: 'active',
      validity: 'once-per-user',
      expired: false,
      paymentmethods: null,
    });
    expect(findTimeBonus(free, at(14_400))).toBeNull();
    expect(findTimeBonus({ paid_user: true, signup_date: signup }, at(0))).toBeNull();
  });
});

describe('formatCountdown', () => {
  it('writes hh:mm:ss zero-padded', () => {
    expect(formatCountdown(14_400)).toBe('04:00:00');
    expect(formatCountdown(14_399)).toBe('03:59:59');
    expect(formatCountdown(3_723)).toBe('01:02:03');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
  });

  it('drops fractions and never goes below zero', () => {
    expect(formatCountdown(61.9)).toBe('00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
  });
});
