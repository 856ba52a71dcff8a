import { Agent, request } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type PushServiceFake, startPushServiceFake } from './push-service-fake.ts';

let fake: PushServiceFake;
let agent: Agent;
const keys = webPush.generateVAPIDKeys();
const subject = 'mailto:support@hartklop.test';

beforeAll(async () => {
  fake = await startPushServiceFake();
  agent = new Agent({ ca: fake.certificate });
});
afterAll(async () => {
  agent?.destroy();
  await fake?.close();
});
beforeEach(() => fake.clear());

const send = (subscription: webPush.PushSubscription, payload: string | null, vapid = keys) =>
  webPush
    .sendNotification(subscription, payload, {
      TTL: 60,
      topic: 'c12',
      urgency: 'high',
      agent,
      vapidDetails: { subject, ...vapid },
    })
    .then(
      (answer) => answer.statusCode,
      (error: webPush.WebPushError) => error.statusCode,
    );

const vapidHeaders = (audience: string, vapid = keys) => {
  const { Authorization } = webPush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
  return { Authorization };
};

/** A raw POST, for what web-push itself never sends. */
function post(endpoint: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(endpoint, { method: 'POST', agent, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the push service fake', () => {
  it('accepts a push signed by the subscription’s key and decrypts it as the browser would', async () => {
    const subscription = fake.createSubscription(keys.publicKey);
    const long = `${'Hallo! '.repeat(300)}einde`;
    expect(await send(subscription, JSON.stringify({ title: 'Hoi', body: long }))).toBe(201);
    expect(fake.received).toHaveLength(1);
    const [push] = fake.received;
    expect(push).toMatchObject({ endpoint: subscription.endpoint, ttl: 60, topic: 'c12', urgency: 'high' });
    expect(push!.contentEncoding).toBe('aes128gcm');
    expect(JSON.parse(push!.payload)).toEqual({ title: 'Hoi', body: long });
    expect(push!.claims.aud).toBe(fake.origin);
    expect(push!.claims.sub).toBe(subject);
  });

  it('refuses a push signed with another VAPID key (403), for another audience or unsigned (401)', async () => {
    const subscription = fake.createSubscription(keys.publicKey);
    expect(await send(subscription, 'x', webPush.generateVAPIDKeys())).toBe(403);
    expect(await post(subscription.endpoint, { TTL: '60', ...vapidHeaders('https://fcm.googleapis.com') })).toBe(401);
    expect(await post(subscription.endpoint, { TTL: '60' })).toBe(401);
    // A signature by another key under this key's name.
    const forged = vapidHeaders(fake.origin, webPush.generateVAPIDKeys()).Authorization.replace(
      /k=.*/,
      `k=${keys.publicKey}`,
    );
    expect(await post(subscription.endpoint, { TTL: '60', Authorization: forged })).toBe(401);
    expect(fake.received).toHaveLength(0);
    expect(fake.refused.map((refusal) => refusal.status)).toEqual([403, 401, 401, 401]);
  });

  it('requires a TTL, and answers as told or 404 for an unknown subscription', async () => {
    const subscription = fake.createSubscription(keys.publicKey);
    expect(await post(subscription.endpoint, vapidHeaders(fake.origin))).toBe(400);
    expect(await send({ ...subscription, endpoint: `${fake.origin}/push/unknown` }, 'x')).toBe(404);
    fake.answerWith(subscription.endpoint, 410);
    expect(await send(subscription, 'x')).toBe(410);
    expect(fake.received).toHaveLength(0);
  });
});
