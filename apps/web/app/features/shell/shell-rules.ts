/** Pure rules of the site shell, kept apart from the components so that they are unit-tested. */

export type LayoutKind = 'default' | 'lander' | 'empty';

/** The credits badge of a paid user: the balance at 10 or less, amber above 0, red at 0. */
export function creditsBadge(credits: number): { text: string; tone: 'warning' | 'danger' } | null {
  if (credits > 10) return null;
  return { text: String(credits), tone: credits <= 0 ? 'danger' : 'warning' };
}

/** Route names where the installed app shows a back button (when there is history to go back to). */
const backButtonRoutes = new Set(['members-id', 'likes-type', 'likes-m-id']);

export function showBackButton(routeName: string | undefined, installedApp: boolean, historyLength: number): boolean {
  return installedApp && historyLength > 1 && routeName !== undefined && backButtonRoutes.has(routeName);
}

/** Pages that never show the entry warning. */
const entryWarningFreeRoutes = new Set([
  'complete-signup',
  'reset-password',
  'reset-password-do',
  'mail-change-undo',
  'unsubscribe',
]);

export interface EntryWarningInput {
  setting: 'yes' | 'no';
  dismissed: boolean;
  loggedIn: boolean;
  installedApp: boolean;
  routeName: string | undefined;
  layout: LayoutKind;
  visitorCountry: string;
  selectedCountries: readonly string[];
}

/** Whether the adult-content warning shows (spec section 2, "Site-entry warning modal"). */
export function shouldShowEntryWarning(input: EntryWarningInput): boolean {
  if (input.setting === 'no' || input.dismissed || input.loggedIn || input.installedApp) return false;
  if (input.routeName && entryWarningFreeRoutes.has(input.routeName)) return false;
  if (input.selectedCountries.length > 0 && !input.selectedCountries.includes(input.visitorCountry)) return false;
  if (input.layout !== 'default' && input.visitorCountry !== 'NL' && input.visitorCountry !== 'DE') return false;
  return true;
}

/** Badges show counts up to 99, then '99+' (spec section 9); nothing at 0. */
export function countBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

const titleCountPrefix = /^\((?:\d+|99\+)\) /;

/**
 * The page title with the count of unread messages plus new likes in front, `(3) Leden zoeken`, capped like the
 * badges; an earlier prefix is replaced, and none is shown at 0.
 */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(titleCountPrefix, '');
  const text = countBadgeText(count);
  return text ? `(${text}) ${bare}` : bare;
}

/** The periodic refresh of user, chats and likes (spec section 9): 5 s after load, then every 60 s, or 300 s with push. */
export function refreshSchedule(pushSubscribed: boolean): { firstMs: number; intervalMs: number } {
  return { firstMs: 5_000, intervalMs: pushSubscribed ? 300_000 : 60_000 };
}

const chunkReloadIntervalMs = 60_000;

/** A failed chunk load reloads the page, but at most once per minute (no reload loops). */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= chunkReloadIntervalMs;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}
