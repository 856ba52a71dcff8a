import { request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinedHeadResponse } from '../lib/joined-head-response.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let compressing: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  compressing = await createTestApp({ profiles: 30 });
  behindProxy = await createTestApp({ profiles: 0, config: { compressResponses: false } });
});
afterAll(async () => {
  await Promise.all([compressing.close(), behindProxy.close()]);
});

// The API document is large JSON, like a page.
const getDocument = (t: TestApp, encodings: string) =>
  t.app.inject({ url: '/api/docs/json', headers: { host: 'localhost', 'accept-encoding': encodings } });

describe('answer compression (decision 016)', () => {
  it('prefers zstd when a browser takes brotli and zstd, and uses what a client takes', async () => {
    expect((await getDocument(compressing, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('zstd');
    expect((await getDocument(compressing, 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    expect((await getDocument(compressing, 'zstd')).headers['content-encoding']).toBe('zstd');
    expect((await getDocument(compressing, 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await getDocument(compressing, 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer of 4 KB or more and says it varies by Accept-Encoding, and leaves small ones alone', async () => {
    const document = await getDocument(compressing, 'br');
    expect(document.headers.vary).toContain('accept-encoding');
    expect(Number(document.headers['content-length'])).toBe(document.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString()).openapi).toBeTruthy();
    const plain = await getDocument(compressing, 'identity');
    expect(plain.headers.vary).toContain('accept-encoding');
    // The interests in the visitor's language: made for each request, not kept, between 1 and 4 KB, so sent whole.
    const interests = await compressing.app.inject({
      url: '/api/interests.php',
      headers: { host: 'localhost', 'accept-encoding': 'br' },
    });
    expect(interests.statusCode).toBe(200);
    expect(interests.rawPayload.length).toBeGreaterThan(1024);
    expect(interests.rawPayload.length).toBeLessThan(4096);
    expect(interests.headers['content-encoding']).toBeUndefined();
    expect(String(interests.headers.vary)).not.toContain('accept-encoding');
  });

  it('sends the settings answer (2 KB, forms kept) compressed, each form the plain answer, and again', async () => {
    const settingsIn = (encoding: string) =>
      compressing.app.inject({ url: '/api/settings.php', headers: { host: 'localhost', 'accept-encoding': encoding } });
    const plain = await settingsIn('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.rawPayload.length).toBeLessThan(4096);
    expect(plain.json().settings.name).toBeTruthy();
    for (const encoding of ['zstd', 'br', 'zstd', 'gzip', 'br'] as const) {
      const answer = await settingsIn(encoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const decompress = { br: brotliDecompressSync, gzip: gunzipSync, zstd: zstdDecompressSync }[encoding];
      expect(decompress(answer.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('sends a search answer (a shared body, compressed once) that is the plain one, in each encoding and again', async () => {
    const searchIn = (encoding: string) =>
      compressing.app.inject({ url: '/api/search.php', headers: { host: 'localhost', 'accept-encoding': encoding } });
    const plain = await searchIn('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    for (const encoding of ['br', 'br', 'gzip', 'zstd', 'gzip'] as const) {
      const answer = await searchIn(encoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      const decompress = { br: brotliDecompressSync, gzip: gunzipSync, zstd: zstdDecompressSync }[encoding];
      expect(decompress(answer.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('refuses a request body sent compressed (415), which no browser sends', async () => {
    for (const t of [compressing, behindProxy]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-request-type': 'client',
        },
        payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'secret-password' })),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    }
  });

  it('leaves answers whole when a proxy in front compresses (COMPRESS_RESPONSES=false)', async () => {
    const response = await getDocument(behindProxy, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().openapi).toBeTruthy();
  });
});

describe('answers over a real socket (decision 037)', () => {
  it('writes a compressed settings answer in one piece with its head, through the app’s response class', async () => {
    const t = await createTestApp({ profiles: 0 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const classes: string[] = [];
      t.app.server.on('request', (_request, response: ServerResponse) => classes.push(response.constructor.name));
      let writevCalls = 0;
      t.app.server.on('connection', (socket: Socket & { _writev: (...args: unknown[]) => unknown }) => {
        const writev = socket._writev;
        socket._writev = (...args: unknown[]) => {
          writevCalls++;
          return writev.apply(socket, args);
        };
      });
      const port = (t.app.server.address() as AddressInfo).port;
      const answer = await request({ port, path: '/api/settings.php', headers: { 'accept-encoding': 'zstd' } });
      expect(answer.headers['content-encoding']).toBe('zstd');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(JSON.parse(zstdDecompressSync(answer.body).toString()).settings.name).toBeTruthy();
      expect(classes).toEqual([JoinedHeadResponse.name]);
      expect(writevCalls).toBe(0);
    } finally {
      await t.close();
    }
  });
});

/** One GET over a fresh connection, its body as bytes (Node's client does not decompress). */
function request(options: { port: number; path: string; headers: Record<string, string> }) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: options.port, path: options.path, headers: { host: 'localhost', ...options.headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ headers: incoming.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
