import { trackingKeys } from '@app/shared/accounts/tracking-keys';

const storageKey = 'signup-tracking';

/** Traffic-source data (network, ref, sub1-3) from the address, kept in the browser until signup. */
export function rememberTracking(search: string) {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(
    trackingKeys.flatMap((key) => {
      const value = params.get(key)?.trim().slice(0, 100);
      return value ? [[key, value]] : [];
    }),
  );
  if (Object.keys(found).length === 0) return;
  try {
    localStorage.setItem(storageKey, JSON.stringify(found));
  } catch {
    // Private mode: the data then only lives in the address.
  }
}

export function readTracking(search: string): Record<string, string> {
  rememberTracking(search);
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      trackingKeys.flatMap((key) => (typeof stored[key] === 'string' ? [[key, stored[key] as string]] : [])),
    );
  } catch {
    return {};
  }
}
