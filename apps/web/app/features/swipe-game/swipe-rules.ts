import { findDateTimeFormat } from '@app/shared/i18n/intl-formats';

// The swipe game's rules as pure functions (unit-tested): when a drag answers, how a card moves, and how the page
// says when new likes come.

export type SwipeChoice = 'yes' | 'no';

/** A card let go past this share of its width answers: right is 'Ja', left is 'Nee'. */
const swipeThreshold = 0.3;
/** A quick flick answers from a shorter drag: at least this speed (px per ms) and this share of the width. */
const flickSpeed = 0.5;
const flickShare = 0.1;
/** How far a card turns at a full width's drag, in degrees. */
const maxTurn = 12;

/**
 * What letting go of a card answers: its offset from where the drag began and its speed at the end (px per ms,
 * positive to the right); null springs it back.
 */
export function decideSwipe(offset: number, width: number, velocity: number): SwipeChoice | null {
  if (width <= 0 || offset === 0) return null;
  const share = Math.abs(offset) / width;
  const flick = Math.abs(velocity) >= flickSpeed && Math.sign(velocity) === Math.sign(offset) && share >= flickShare;
  if (share < swipeThreshold && !flick) return null;
  return offset > 0 ? 'yes' : 'no';
}

/** The card under the finger: moved along and turned a little, by `transform` alone (no layout while dragging). */
export function dragTransform(offset: number, width: number): string {
  const turn = width > 0 ? Math.max(-1, Math.min(1, offset / width)) * maxTurn : 0;
  return `translate3d(${Math.round(offset)}px, 0, 0) rotate(${turn.toFixed(2)}deg)`;
}

/** How clearly the 'Ja' or 'Nee' stamp shows on a dragged card: 0 at rest, 1 from the threshold on. */
export function stampStrength(offset: number, width: number): number {
  if (width <= 0) return 0;
  return Math.min(1, Math.abs(offset) / (width * swipeThreshold));
}

/** Where an answered card flies to: `distance` px off to its side, turned further. */
export function flyOutTransform(choice: SwipeChoice, distance: number): string {
  const side = choice === 'yes' ? 1 : -1;
  return `translate3d(${Math.round(side * distance)}px, 0, 0) rotate(${side * maxTurn * 2}deg)`;
}

/** When new likes come, as the page says it: today, tomorrow or a later date, and the time. */
export interface LikesResetText {
  when: 'today' | 'tomorrow' | 'later';
  /** The time of day in the visitor's language, e.g. "00:00" (nl) or "12:00 AM" (en). */
  time: string;
  /** Weekday and date, for `later`. */
  date: string;
}

function calendarDayOf(instant: Date, timeZone: string | undefined): string {
  return findDateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * The moment new 'Ja' answers come (`likes_reset_at`: midnight in the site's time zone) as the visitor's clock shows
 * it, in their language. `timeZone` undefined is the device's own zone (in the browser); the server, which does not
 * know it, passes the site's.
 */
export function describeLikesReset(resetAt: Date, now: Date, locale: string, timeZone?: string): LikesResetText {
  const today = calendarDayOf(now, timeZone);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  const resetDay = calendarDayOf(resetAt, timeZone);
  const when = resetDay <= today ? 'today' : resetDay === tomorrow ? 'tomorrow' : 'later';
  return {
    when,
    time: findDateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(resetAt),
    date: findDateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(resetAt),
  };
}
