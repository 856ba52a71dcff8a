// Payment webhooks under fire: 100 orders of 20 members paid (or failed, or canceled) through the sandbox, then 1,000
// webhook deliveries for them — ten per payment, shuffled — sent at once over HTTP to the running app, on PGlite and
// on a throwaway PostgreSQL. Prints the deliveries' latency and then checks the ledger: every paid order credited
// exactly once, every member's balance the sum of their entries, premium exactly for the members who paid.
// Usage: node bench/webhooks.ts   (as root, with PostgreSQL 15 from Debian packages installed, for the second run)
import { randomInt } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/accounts.ts';
import { creditEntries } from '../apps/server/src/db/schema/credits.ts';
import { seedDemoData } from '../apps/server/src/seed/seed-demo.ts';
import { createMemoryStorage } from '../apps/server/src/storage/local-storage.ts';
import { describeMachine, median, printTable, report, runBench } from './harness.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

const members = 20;
const ordersPerMember = 5;
const deliveriesPerPayment = 10;
const outcomes = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'failed', 'canceled'] as const;

const headers = (cookie?: string) => ({
  host: 'localhost',
  'x-request-type': 'client',
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

// All 1,000 are in flight at once, over 100 connections as a provider's senders would hold them.
const agent = new Agent({ keepAlive: true, maxSockets: 100 });

/** One delivery as Mollie makes it: a form with the id, nothing else; answers the status. */
function postWebhook(port: number, id: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = `id=${id}`;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/payment-webhook.php',
        method: 'POST',
        agent,
        headers: {
          host: 'localhost',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs the members up and has each order 5 packages, paying each with an outcome from `outcomes`. */
async function placeOrders(app: Awaited<ReturnType<typeof buildApp>>) {
  const sandbox = app.services.credits.sandbox!;
  const payments: { id: string; orderId: number; outcome: string }[] = [];
  for (let m = 0; m < members; m++) {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: headers(),
      remoteAddress: `198.18.${m}.1`,
      payload: {
        email: `koper${m}@bench.test`,
        name: `Koper${m}`,
        password: 'zomer-aan-zee-42',
        date_of_birth: '1990-05-05',
      },
    });
    const token = signup.cookies.find((cookie) => cookie.name === 'auth.token');
    if (!token) throw new Error(`signup ${m}: ${signup.body}`);
    const cookie = `auth.token=${token.value}`;
    const packages = (await app.inject({ url: '/api/packages.php', headers: headers(cookie) })).json().packages;
    for (let o = 0; o < ordersPerMember; o++) {
      const order = await app.inject({
        method: 'POST',
        url: '/api/orders.php',
        headers: headers(cookie),
        payload: { package: packages[o % packages.length].id, payment_method: 'creditcard' },
      });
      if (order.statusCode !== 200) throw new Error(`order: ${order.body}`);
      const id = order.json().checkout_url.split('/').at(-1) as string;
      const outcome = outcomes[randomInt(outcomes.length)]!;
      await sandbox.chooseOutcome(id, outcome);
      payments.push({ id, orderId: order.json().order.id, outcome });
    }
  }
  return payments;
}

async function measure(kind: 'pglite' | 'postgres', database: DatabaseHandle) {
  await database.migrate();
  await seedDemoData(database.db, createMemoryStorage(), { profiles: 40, likes: false });
  const config = { ...loadConfig({ NODE_ENV: 'production' }), serveWeb: false, logLevel: 'error', port: 0 };
  const app = await buildApp({ config, database, storage: createMemoryStorage() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const payments = await placeOrders(app);
    const deliveries = shuffle(payments.flatMap((payment) => Array(deliveriesPerPayment).fill(payment.id) as string[]));
    const times: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      deliveries.map(async (id) => {
        const sent = performance.now();
        const status = await postWebhook(port, id);
        times.push(performance.now() - sent);
        if (status !== 200) {
          failures++;
          report(`delivery for ${id} answered ${status}`);
        }
      }),
    );
    const wall = performance.now() - started;
    const sorted = times.sort((a, b) => a - b);

    // The ledger after the storm.
    const credits = app.services.credits;
    const mismatches = await credits.ledger.findBalanceMismatches();
    const paidOrders = new Set(payments.filter((payment) => payment.outcome === 'paid').map((p) => p.orderId));
    let purchaseEntries = 0;
    let wrongOrders = 0;
    const entries = await database.db.select().from(creditEntries);
    const perOrder = new Map<string, number>();
    for (const entry of entries.filter((row) => row.reason === 'purchase')) {
      perOrder.set(entry.reference, (perOrder.get(entry.reference) ?? 0) + 1);
    }
    for (const [reference, count] of perOrder) {
      purchaseEntries += count;
      if (count !== 1 || !paidOrders.has(Number(reference))) wrongOrders++;
    }
    const buyers = await database.db.select({ email: users.email, paidUser: users.paidUser }).from(users);
    const premium = buyers.filter((row) => row.paidUser && row.email.endsWith('@bench.test')).length;
    const payingMembers = new Set(
      payments
        .filter((payment) => payment.outcome === 'paid')
        .map((payment) => Math.floor(payments.indexOf(payment) / ordersPerMember)),
    ).size;
    return {
      kind,
      rows: [
        kind,
        String(deliveries.length),
        `${(wall / 1000).toFixed(2)} s`,
        `${(deliveries.length / (wall / 1000)).toFixed(0)}/s`,
        `${median(sorted).toFixed(0)} ms`,
        `${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms`,
        String(failures),
        `${purchaseEntries} of ${paidOrders.size}`,
        String(wrongOrders),
        String(mismatches.length),
        `${premium} of ${payingMembers}`,
      ],
      ok:
        failures === 0 &&
        wrongOrders === 0 &&
        purchaseEntries === paidOrders.size &&
        mismatches.length === 0 &&
        premium === payingMembers,
    };
  } finally {
    await app.close();
  }
}

await runBench('bench:webhooks', 600, async () => {
  report(describeMachine());
  const results = [];
  if (process.env.BENCH_SKIP_PGLITE !== 'true') {
    const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      results.push(await measure('pglite', pglite));
    } finally {
      await pglite.close();
    }
  }
  const { url } = await startThrowawayPostgres();
  const postgres = await openDatabase({ kind: 'postgres', url });
  try {
    results.push(await measure('postgres', postgres));
  } finally {
    await postgres.close();
  }
  printTable(
    [
      'database',
      'deliveries',
      'all answered in',
      'rate',
      'p50',
      'p95',
      'not 200',
      'purchase entries',
      'orders credited ≠ once',
      'balances ≠ ledger',
      'premium members',
    ],
    results.map((result) => result.rows),
  );
  if (results.some((result) => !result.ok)) throw new Error('the ledger does not add up');
  report('ledger checks: all passed');
});
