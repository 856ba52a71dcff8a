/** Calendar days in a time zone, for allowances that start again at local midnight. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The day (YYYY-MM-DD) an instant falls on in the time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the zone's wall clock shows `wall` (a Date.UTC of the wall time), near `instant`. */
function wallClockInstant(wall: number, instant: Date, timeZone: string): Date {
  // Two rounds: the offset at the guess may differ from the offset now when a DST change lies between them.
  let guess = wall - zoneOffsetMs(instant, timeZone);
  guess = wall - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** The instant the next calendar day begins in the time zone (local midnight, whatever the DST change). */
export function startOfNextDay(instant: Date, timeZone: string): Date {
  const { year, month, day } = localParts(instant, timeZone);
  return wallClockInstant(Date.UTC(year, month - 1, day + 1), instant, timeZone);
}

/** The instant the calendar month of `instant` began in the time zone (local midnight of its first day). */
export function startOfMonth(instant: Date, timeZone: string): Date {
  const { year, month } = localParts(instant, timeZone);
  return wallClockInstant(Date.UTC(year, month - 1, 1), instant, timeZone);
}

/** The instant the next calendar month begins in the time zone. */
export function startOfNextMonth(instant: Date, timeZone: string): Date {
  const { year, month } = localParts(instant, timeZone);
  return wallClockInstant(Date.UTC(year, month, 1), instant, timeZone);
}
