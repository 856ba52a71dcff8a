import { z } from 'zod';

/**
 * Web push subscriptions as browsers make them (`PushSubscription.toJSON()`), checked strictly: the server later
 * POSTs to the endpoint, so it must be a push service's HTTPS address (the server also checks the host), and the keys
 * must be what RFC 8291 needs (a P-256 public key and a 16-byte secret).
 */

/** Push services browsers use (Chrome and Edge on Android, Firefox, Windows, Safari); `.` in front: any subdomain. */
export const knownPushServiceHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
  'web.push.apple.com',
] as const;

export const pushEndpointMaxLength = 1_000;

/** The byte length of base64url text (no padding), or -1 when it is not base64url. */
function base64UrlByteLength(text: string): number {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4);
}

function decodeBase64UrlFirstByte(text: string): number {
  const head = text.slice(0, 4).replace(/-/g, '+').replace(/_/g, '/');
  return atob(head).charCodeAt(0);
}

const endpointSchema = z
  .string('push_subscription_invalid')
  .max(pushEndpointMaxLength, 'push_subscription_invalid')
  .pipe(z.url({ protocol: /^https$/, message: 'push_subscription_invalid' }))
  .refine((endpoint) => {
    const url = new URL(endpoint);
    return url.username === '' && url.password === '' && url.hash === '';
  }, 'push_subscription_invalid');

/** The browser's public key: an uncompressed P-256 point (65 bytes, starting with 4), base64url without padding. */
const p256dhSchema = z
  .string('push_subscription_invalid')
  .refine((key) => base64UrlByteLength(key) === 65 && decodeBase64UrlFirstByte(key) === 4, 'push_subscription_invalid');
/** The browser's authentication secret: 16 bytes, base64url without padding. */
const authSchema = z
  .string('push_subscription_invalid')
  .refine((secret) => base64UrlByteLength(secret) === 16, 'push_subscription_invalid');

export const pushSubscriptionSchema = z.object(
  {
    endpoint: endpointSchema,
    expirationTime: z.number('push_subscription_invalid').nonnegative('push_subscription_invalid').nullish(),
    keys: z.object({ p256dh: p256dhSchema, auth: authSchema }, 'push_subscription_invalid'),
  },
  'push_subscription_invalid',
);
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** POST /api/user.php?push=1: this browser's subscription, or `denied` when the member's browser refused push. */
export const pushSubscriptionInputSchema = z.strictObject({
  subscription: z.union([z.literal('denied'), pushSubscriptionSchema], 'push_subscription_invalid'),
});

/** DELETE /api/user.php?push=1: this browser stops receiving the member's pushes. */
export const pushUnsubscribeInputSchema = z.strictObject({
  endpoint: z.string('validation_failed').min(1, 'validation_failed').max(pushEndpointMaxLength, 'validation_failed'),
});

/** `?push=1`: the push variants of /api/user.php. */
export const pushQuerySchema = z.object({ push: z.literal('1') });

/**
 * Whether the server may send to this endpoint: HTTPS on the default port of a known push service, or a host
 * (`host` or `host:port`) the configuration adds (a local stand-in in tests).
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (extraHosts.includes(url.host)) return true;
  if (url.port !== '') return false;
  return knownPushServiceHosts.some((known) =>
    known.startsWith('.') ? url.hostname.endsWith(known) && url.hostname.length > known.length : url.hostname === known,
  );
}
