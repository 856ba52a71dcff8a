import { apiRequest } from '../../lib/api-client.ts';
import { decidePushState, pushWorkerUrl, readApplicationServerKey } from './push-rules.ts';
import { announcePushMessage, showPushState } from './push-state.ts';

/**
 * The browser side of push, loaded once a logged-in member's page is live (never in a page's first load): registers
 * the push worker (apps/web/service-worker/sw-push.js), finds this browser's push state, passes the worker's news
 * to the page, and switches push on or off for this device.
 */

/** POST attaches a subscription (or 'denied'), DELETE detaches one (spec section 7). */
const subscriptionPath = '/api/user.php?push=1';

/** Why switching push on or off failed; the page shows `push_alert.error_<reason>`. */
export class PushSwitchError extends Error {
  readonly reason: 'unsupported' | 'subscribe_failed' | 'save_failed';
  constructor(reason: PushSwitchError['reason'], cause?: unknown) {
    super(`push ${reason}`, { cause });
    this.reason = reason;
  }
}

function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

let registering: Promise<ServiceWorkerRegistration> | null = null;

/** Registers the worker once per page load; answers the registration once its worker is active. */
function findRegistration(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker
    .register(pushWorkerUrl, { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .catch((error: unknown) => {
      registering = null;
      throw error;
    });
  return registering;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** The server keeps the subscription (several devices per member; an endpoint the push service renewed replaces none). */
async function saveSubscription(subscription: PushSubscription) {
  await apiRequest('POST', subscriptionPath, { subscription: subscription.toJSON() });
}

/**
 * This device's subscription with the site's key: the one it has, or a new one. A subscription made with an older
 * key (the site's keys changed) is replaced: the push service would refuse the site's pushes to it.
 */
async function subscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = readApplicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Whether this page load sent its subscription already: endpoints change, so each load sends it once. */
let subscriptionSent = false;

/**
 * Starts push for the logged-in member's page: the worker, the push state (push-state.ts), the subscription sent
 * again, and the worker's NEW_PUSH_MESSAGE passed on (chats and likes reload). Answers the function that stops it.
 */
export function startPush(publicKey: string): () => void {
  if (!isPushSupported()) {
    showPushState('unsupported');
    return () => showPushState('unknown');
  }
  let active = true;
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === 'NEW_PUSH_MESSAGE') announcePushMessage();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  // Messages from the worker wait until the page says it listens.
  navigator.serviceWorker.startMessages();
  void (async () => {
    let registration: ServiceWorkerRegistration;
    try {
      registration = await findRegistration();
    } catch {
      // A browser that refuses the worker (a private window, a blocked site): nothing to offer.
      if (active) showPushState('unsupported');
      return;
    }
    const subscription = await registration.pushManager.getSubscription().catch(() => null);
    const permission = Notification.permission;
    if (active) showPushState(decidePushState({ supported: true, permission, subscribed: subscription !== null }));
    if (subscription && permission === 'granted' && !subscriptionSent) {
      subscriptionSent = true;
      // Best effort: a failure waits for the next page load.
      await subscribe(registration, publicKey)
        .then(saveSubscription)
        .catch(() => {});
    }
  })();
  return () => {
    active = false;
    navigator.serviceWorker.removeEventListener('message', onMessage);
    showPushState('unknown');
  };
}

/**
 * Switches push on for this device: the browser asks the member; a refusal is told to the server as 'denied', a
 * permission gets a subscription, which the server stores. 'dismissed': the member closed the question unanswered.
 */
export async function switchPushOn(publicKey: string): Promise<'subscribed' | 'denied' | 'dismissed'> {
  if (!isPushSupported()) throw new PushSwitchError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    showPushState('denied');
    // Noted by the server; its answer is not shown (spec section 7).
    void apiRequest('POST', subscriptionPath, { subscription: 'denied' }).catch(() => {});
    return 'denied';
  }
  if (permission !== 'granted') return 'dismissed';
  let subscription: PushSubscription;
  try {
    subscription = await subscribe(await findRegistration(), publicKey);
  } catch (error) {
    // No push service reachable (offline, or a browser without one).
    throw new PushSwitchError('subscribe_failed', error);
  }
  try {
    await saveSubscription(subscription);
  } catch (error) {
    // A subscription the server does not know would never be used: this device stays off.
    await subscription.unsubscribe().catch(() => {});
    throw new PushSwitchError('save_failed', error);
  }
  subscriptionSent = true;
  showPushState('subscribed');
  return 'subscribed';
}

/** Switches push off for this device only: the server forgets its endpoint, then the browser its subscription. */
export async function switchPushOff(): Promise<void> {
  if (!isPushSupported()) throw new PushSwitchError('unsupported');
  const registration = await findRegistration();
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    try {
      await apiRequest('DELETE', subscriptionPath, { endpoint: subscription.endpoint });
    } catch (error) {
      throw new PushSwitchError('save_failed', error);
    }
    await subscription.unsubscribe();
  }
  showPushState(decidePushState({ supported: true, permission: Notification.permission, subscribed: false }));
}
