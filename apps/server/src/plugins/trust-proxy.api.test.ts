import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../test/test-app.ts';

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never "trust every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe(`behind one trusted proxy on ${testDatabaseKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 0, config: { trustProxy: 1 } });
  });
  afterAll(() => t?.close());

  const fromProxy = (url: string, forwardedFor: string) =>
    t.app.inject({
      url,
      headers: { host: 'localhost', 'x-forwarded-for': forwardedFor },
      remoteAddress: '127.0.0.1',
    });

  it('the local mailbox answers only when the client itself is this machine', async () => {
    // The proxy on this machine appends the real client; a client cannot choose its address by sending one first.
    expect((await fromProxy('/dev/mailbox', '203.0.113.5')).statusCode).toBe(404);
    expect((await fromProxy('/dev/mailbox', '127.0.0.1, 203.0.113.5')).statusCode).toBe(404);
    expect((await fromProxy('/dev/mailbox', '127.0.0.1')).statusCode).toBe(200);
  });

  it('login limits count the address the proxy saw, not one the client claims', async () => {
    const tries = [];
    for (let i = 0; i < 6; i++) {
      tries.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/user.php',
          headers: {
            host: 'localhost',
            'x-request-type': 'client',
            'content-type': 'application/json',
            'x-forwarded-for': `192.0.2.${i}, 203.0.113.77`,
          },
          payload: JSON.stringify({ email: 'iemand@example.com', password: `fout-${i}` }),
          remoteAddress: '127.0.0.1',
        }),
      );
    }
    expect(tries.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
