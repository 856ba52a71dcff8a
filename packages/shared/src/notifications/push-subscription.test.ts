import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, pushSubscriptionInputSchema } from './push-subscription.ts';

const p256dh = `B${'A'.repeat(86)}`;
const auth = 'A'.repeat(22);
const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';

describe('push subscriptions', () => {
  it('take what a browser gives, or denied', () => {
    const subscription = { endpoint, expirationTime: null, keys: { p256dh, auth } };
    expect(pushSubscriptionInputSchema.safeParse({ subscription }).success).toBe(true);
    expect(pushSubscriptionInputSchema.safeParse({ subscription: 'denied' }).success).toBe(true);
  });

  it('refuse other keys, endpoints and words, naming the error code', () => {
    const bad = [
      { endpoint: 'http://fcm.googleapis.com/x', keys: { p256dh, auth } },
      { endpoint: 'https://user:pw@fcm.googleapis.com/x', keys: { p256dh, auth } },
      { endpoint: `https://fcm.googleapis.com/${'a'.repeat(1_000)}`, keys: { p256dh, auth } },
      { endpoint, keys: { p256dh: `C${'A'.repeat(86)}`, auth } },
      { endpoint, keys: { p256dh: `${p256dh}=`, auth } },
      { endpoint, keys: { p256dh, auth: 'A'.repeat(21) } },
      { endpoint, keys: { p256dh, auth: `${'A'.repeat(21)}+` } },
      { endpoint, expirationTime: -1, keys: { p256dh, auth } },
      'granted',
    ];
    for (const subscription of bad) {
      const result = pushSubscriptionInputSchema.safeParse({ subscription });
      expect(result.success, JSON.stringify(subscription)).toBe(false);
      expect(result.error?.issues[0]?.message, JSON.stringify(subscription)).toBe('push_subscription_invalid');
    }
  });

  it('allow the browsers’ push services on their default port, and configured hosts', () => {
    for (const allowed of [
      endpoint,
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-db5p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGx',
      'https://api.push.apple.com/3/device/x',
    ]) {
      expect(isAllowedPushEndpoint(allowed), allowed).toBe(true);
    }
    for (const refused of [
      'https://fcm.googleapis.com:8443/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notify.windows.com.example/x',
      'https://push.apple.com/x',
      'https://127.0.0.1:4443/push/x',
      'http://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(refused), refused).toBe(false);
    }
    expect(isAllowedPushEndpoint('https://127.0.0.1:4443/push/x', ['127.0.0.1:4443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:4444/push/x', ['127.0.0.1:4443'])).toBe(false);
  });
});
