import type { PushState } from './push-state.ts';

/** Where pages register the push worker; the version makes browsers take a changed worker. */
export const pushWorkerUrl = '/sw-push.js?v=2';

/** What the browser says about push, for `decidePushState`. */
export interface PushFacts {
  /** Service workers, the Push API and notifications all exist. */
  supported: boolean;
  permission: NotificationPermission | null;
  /** The worker's registration holds a subscription. */
  subscribed: boolean;
}

export function decidePushState(facts: PushFacts): Exclude<PushState, 'unknown'> {
  if (!facts.supported || facts.permission === null) return 'unsupported';
  if (facts.permission === 'denied') return 'denied';
  // A subscription without the permission (taken back in the browser's settings) delivers nothing.
  if (facts.subscribed && facts.permission === 'granted') return 'subscribed';
  return 'capable';
}

/** The VAPID public key (base64url, as the site settings carry it) as the bytes `pushManager.subscribe` takes. */
export function readApplicationServerKey(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
