import { useSyncExternalStore } from 'react';

/**
 * This browser's push state for the logged-in member (spec section 6: "Push: unknown, capable or not, subscribed,
 * denied"): `unknown` until the push code (push-client.ts, loaded once the page is live) has looked, then
 * `unsupported` (no service worker, Push API or notifications), `denied` (the browser blocks notifications for the
 * site), `subscribed` (this device gets pushes) or `capable` (it could). Kept outside React's tree, like the unread
 * count, so that the refresh timers and the alert read the same value.
 */
export type PushState = 'unknown' | 'unsupported' | 'capable' | 'subscribed' | 'denied';

let state: PushState = 'unknown';
const listeners = new Set<() => void>();

export function onPushState(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function readPushState(): PushState {
  return state;
}

export function showPushState(next: PushState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The push state; `unknown` on the server and before the push code has looked. */
export function usePushState(): PushState {
  return useSyncExternalStore(onPushState, readPushState, () => 'unknown');
}

const pushMessageName = 'app:push-message';

/** The push worker told this page of a push (NEW_PUSH_MESSAGE): chats and likes reload. */
export function announcePushMessage() {
  window.dispatchEvent(new Event(pushMessageName));
}

export function onPushMessage(listener: () => void): () => void {
  window.addEventListener(pushMessageName, listener);
  return () => window.removeEventListener(pushMessageName, listener);
}
