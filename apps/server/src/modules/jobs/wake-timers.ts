import type { Clock, ClockTimer } from 'pg-boss';

/** Wake times kept per kind; jobs beyond this many are found by the safety poll. */
const maxTimesPerKind = 1_000;
/** Longer waits are left to the safety poll (a timer's delay must also fit in 32 bits). */
const maxDelayMs = 86_400_000;

/**
 * Wakes a kind's worker when the jobs this process queued for later fall due: a job queued for later sends no
 * NOTIFY (pg-boss sends one only for a job due at once), and the safety poll alone would start it up to a poll late.
 * One timer per kind, at the earliest time it knows of.
 */
export function createWakeTimers(clock: Clock, wake: (kind: string) => void) {
  const times = new Map<string, number[]>();
  const timers = new Map<string, ClockTimer>();

  function arm(kind: string) {
    const timer = timers.get(kind);
    if (timer) clock.clearTimeout(timer);
    timers.delete(kind);
    const due = times.get(kind);
    if (!due?.length) {
      times.delete(kind);
      return;
    }
    const fire = () => {
      timers.delete(kind);
      const now = clock.now();
      while (due.length > 0 && (due[0] ?? 0) <= now) due.shift();
      wake(kind);
      arm(kind);
    };
    timers.set(kind, clock.setTimeout(fire, Math.max(0, (due[0] ?? 0) - clock.now())));
  }

  return {
    /** Wakes `kind` at `at`, unless that is now, past, or further away than a day. */
    add(kind: string, at: Date) {
      const time = at.getTime();
      const delay = time - clock.now();
      if (!(delay > 0 && delay <= maxDelayMs)) return;
      const due = times.get(kind) ?? [];
      if (due.length >= maxTimesPerKind) return;
      const index = due.findIndex((other) => other > time);
      due.splice(index === -1 ? due.length : index, 0, time);
      times.set(kind, due);
      // Only a new earliest time moves the timer.
      if (due[0] === time) arm(kind);
    },

    /** How many wake-ups are waiting (for tests). */
    pending: () => [...times.values()].reduce((sum, due) => sum + due.length, 0),

    clear() {
      for (const timer of timers.values()) clock.clearTimeout(timer);
      timers.clear();
      times.clear();
    },
  };
}
