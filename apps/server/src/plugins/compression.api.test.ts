import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let compressing: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  compressing = await createTestApp({ profiles: 0 });
  behindProxy = await createTestApp({ profiles: 0, config: { compressResponses: false } });
});
afterAll(async () => {
  await Promise.all([compressing.close(), behindProxy.close()]);
});

// The API document is large JSON, like a page.
const getDocument = (t: TestApp, encodings: string) =>
  t.app.inject({ url: '/api/docs/json', headers: { host: 'localhost', 'accept-encoding': encodings } });

describe('answer compression (decision 016)', () => {
  it('prefers brotli when a browser takes brotli and zstd, and uses what a client takes', async () => {
    expect((await getDocument(compressing, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await getDocument(compressing, 'zstd')).headers['content-encoding']).toBe('zstd');
    expect((await getDocument(compressing, 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await getDocument(compressing, 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers whole when a proxy in front compresses (COMPRESS_RESPONSES=false)', async () => {
    const response = await getDocument(behindProxy, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().openapi).toBeTruthy();
  });
});
