import { onPushState, readPushState } from '../push/push-state.ts';
import { refreshSchedule } from './shell-rules.ts';

/**
 * Runs `refresh` on the spec's rhythm (section 9): 5 s after the start, then every 60 s, or every 300 s while this
 * device gets pushes (a push brings the news sooner). The rhythm follows the push state as it changes: switched on,
 * the next run moves out to 300 s after the last; switched off, back to 60 s. Answers the function that stops it.
 */
export function startPeriodicRefresh(refresh: () => void): () => void {
  const startedAt = Date.now();
  let lastRun: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    const { firstMs, intervalMs } = refreshSchedule(readPushState() === 'subscribed');
    const due = lastRun === null ? startedAt + firstMs : lastRun + intervalMs;
    timer = setTimeout(run, Math.max(0, due - Date.now()));
  };
  const run = () => {
    lastRun = Date.now();
    refresh();
    arm();
  };
  const stopWatching = onPushState(arm);
  arm();
  return () => {
    clearTimeout(timer);
    stopWatching();
  };
}
