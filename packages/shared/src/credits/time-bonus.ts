import type { SessionUser } from '../accounts/session-user.ts';
import type { DiscountCode } from './discount-code.ts';

/** The time bonus (spec sections 3, 4 and 9): 25% off a new member's first purchase in the 4 hours after signup. */
export const timeBonusCode = 'TIMEBONUS25';
export const timeBonusPercentage = 25;
export const timeBonusWindowSeconds = 14_400;
/** The time-bonus modal opens this long after the member enters the members area. */
export const timeBonusModalDelaySeconds = 40;
/** The countdown's tick. */
export const timeBonusTickMs = 1_000;
/** The hours the modal's "act fast" text names (the window in hours). */
export const timeBonusWindowHours = timeBonusWindowSeconds / 3_600;

/** What the rule reads of a member: whether they ever bought, and when they signed up. */
type TimeBonusMember = Pick<SessionUser, 'paid_user' | 'signup_date'>;

/** The moment the time bonus ends: signup plus 14,400 s. */
export function findTimeBonusEnd(signupDate: string | Date): Date {
  return new Date(new Date(signupDate).getTime() + timeBonusWindowSeconds * 1_000);
}

/**
 * Whether the member has the time bonus at `now`: not a paying member yet, and less than 14,400 s since signup
 * (at exactly 14,400 s it is gone). The server decides prices with its own clock.
 */
export function isTimeBonusActive(user: TimeBonusMember, now: Date): boolean {
  return !user.paid_user && now.getTime() < findTimeBonusEnd(user.signup_date).getTime();
}

/**
 * The whole seconds the countdown shows at `now`, rounded up (it shows 00:00:01 in its last second and is gone at
 * zero), never more than the window (a clock behind the server's); 0 when the member has no time bonus.
 */
export function findTimeBonusSecondsLeft(user: TimeBonusMember, now: Date): number {
  if (!isTimeBonusActive(user, now)) return 0;
  const left = Math.ceil((findTimeBonusEnd(user.signup_date).getTime() - now.getTime()) / 1_000);
  return Math.min(left, timeBonusWindowSeconds);
}

/** The member's time bonus as a discount code (spec section 3), `expires` at the window's end; null when none. */
export function findTimeBonus(user: TimeBonusMember, now: Date): DiscountCode | null {
  if (!isTimeBonusActive(user, now)) return null;
  return {
    code: timeBonusCode,
    country: null,
    user_id: null,
    expires: findTimeBonusEnd(user.signup_date).toISOString(),
    value_percentage: timeBonusPercentage,
    currency: null,
    minimum_order_value: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: null,
  };
}

/** `hh:mm:ss`, zero-padded (hours too: 04:00:00); whole seconds, never below 00:00:00. */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`;
}
