/**
 * How soon a member who is away gets a push after someone writes to them: from the send's answer to the push service
 * receiving it, through the whole path (the send's delivery job, the job queue's wake-up, web-push's VAPID signing
 * and encryption, HTTPS to a local push service that checks and decrypts it like a real one). In process, with the
 * job workers running as main.ts runs them, on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
 *
 * `PUSH_MESSAGES` (default 40) messages, one every `PUSH_GAP_MS` (default 250) ms, so that each is its own delivery.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { demoAccounts } from '../apps/server/src/seed/demo-site.ts';
import { startPushServiceFake } from '../apps/server/src/test/push-service-fake.ts';
import { createTestApp, loginMember } from '../apps/server/src/test/test-app.ts';

const messages = Number(process.env.PUSH_MESSAGES ?? 40);
const gapMs = Number(process.env.PUSH_GAP_MS ?? 250);
const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const fake = await startPushServiceFake();
  const t = await createTestApp({
    profiles: 40,
    startWorkers: true,
    config: { pushServiceHosts: [fake.host], pushServiceCertificate: fake.certificate },
  });
  try {
    const sender = await loginMember(t.app, demoAccounts[1]!.email);
    const receiver = await loginMember(t.app, demoAccounts[0]!.email);
    await t.app.services.credits.ledger.grantCredits(
      { userId: sender.user.id, reason: 'correction', reference: `bench-push-${Date.now()}` },
      messages * 10,
    );
    const device = fake.createSubscription(t.app.services.system.vapidKeys.publicKey);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { ...headers, cookie: receiver.cookie },
      payload: JSON.stringify({ subscription: device }),
    });
    if (subscribed.statusCode !== 200) throw new Error(`subscribe: ${subscribed.statusCode} ${subscribed.body}`);

    const latencies: number[] = [];
    let lost = 0;
    for (let index = 0; index < messages; index++) {
      const before = fake.received.length;
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers: { ...headers, cookie: sender.cookie },
        payload: JSON.stringify({
          profile: receiver.user.profile.id,
          type: 'message',
          text: `Bericht ${index}`,
          client_id: `bench-push-${index}-${Date.now()}`,
        }),
      });
      if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
      const start = performance.now();
      while (fake.received.length === before && performance.now() - start < 10_000) await sleep(2);
      if (fake.received.length === before) lost++;
      else latencies.push(performance.now() - start);
      await sleep(gapMs);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(8)} pushes ${String(latencies.length).padStart(3)}/${messages}  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  max ${latencies.at(-1)!.toFixed(1)} ms  lost ${lost}  refused by the push service ${fake.refused.length}`,
    );
  } finally {
    await t.close();
    await fake.close();
  }
}

console.log(`push latency, send answered → push service has it; load ${loadavg()[0]!.toFixed(2)}`);
if (process.env.BENCH_SKIP_PGLITE !== 'true') await measure('pglite');
if (process.env.BENCH_DATABASE_URL) await measure('postgres');
console.log(`load at end ${loadavg()[0]!.toFixed(2)}`);
