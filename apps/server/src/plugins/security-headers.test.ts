import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { pageNonce, pagePolicy, registerSecurityHeaders } from './security-headers.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((part) => {
      const [name, ...values] = part.split(' ');
      return [name ?? '', values];
    }),
  );
}

async function appIn(env: AppConfig['env'], giphy: AppConfig['giphy'] = undefined) {
  const app = Fastify({ trustProxy: true });
  registerSecurityHeaders(app, { config: { env, giphy } });
  app.get('/page', async (request, reply) =>
    reply.type('text/html').send(`<script nonce="${pageNonce(request)}"></script>`),
  );
  app.get('/data', async () => ({ ok: true }));
  app.get('/script.js', async (_request, reply) => reply.type('text/javascript').send(''));
  await app.ready();
  return app;
}

describe('registerSecurityHeaders', () => {
  it('gives a page a policy with a fresh nonce per answer and no inline scripts otherwise', async () => {
    const app = await appIn('production');
    const first = await app.inject({ url: '/page' });
    const second = await app.inject({ url: '/page' });
    const policy = directives(String(first.headers['content-security-policy']));
    const nonce = first.body.match(/nonce="([^"]+)"/)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(second.body).not.toContain(nonce);
    await app.close();
  });

  it('never hands out a nonce twice, across the random bytes it draws 256 nonces at a time', async () => {
    const app = await appIn('production');
    const nonces = new Set<string>();
    for (let page = 0; page < 600; page++) {
      const nonce = (await app.inject({ url: '/page' })).body.match(/nonce="([^"]+)"/)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(600);
    await app.close();
  });

  it('gives JSON the strict policy and leaves scripts without one', async () => {
    const app = await appIn('production');
    const data = await app.inject({ url: '/data' });
    expect(data.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const script = await app.inject({ url: '/script.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('sends HSTS only on answers served over HTTPS', async () => {
    const app = await appIn('production');
    const secure = await app.inject({ url: '/data', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.inject({ url: '/data' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('lets pages show images from GIPHY’s media hosts only when GIPHY is configured', async () => {
    const giphyHosts = [
      'https://media.giphy.com',
      'https://media0.giphy.com',
      'https://media1.giphy.com',
      'https://media2.giphy.com',
      'https://media3.giphy.com',
      'https://media4.giphy.com',
      'https://i.giphy.com',
    ];
    const without = await appIn('production');
    const plain = directives(String((await without.inject({ url: '/page' })).headers['content-security-policy']));
    expect(plain.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    await without.close();
    const app = await appIn('production', { apiKey: 'FakeGiphyKeyForTheTests0000000000', endpoint: 'https://x/v1/' });
    const policy = directives(String((await app.inject({ url: '/page' })).headers['content-security-policy']));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...giphyHosts]);
    // Only images: scripts, styles and connections stay on the site.
    expect(policy.get('script-src')?.some((source) => source.includes('giphy'))).toBe(false);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect((await app.inject({ url: '/data' })).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    await app.close();
  });

  it('lets Vite inject styles and open its hot-reload socket in development only', async () => {
    const app = await appIn('development');
    const page = await app.inject({ url: '/page', headers: { host: 'localhost:3000' } });
    const policy = directives(String(page.headers['content-security-policy']));
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    await app.close();
  });
});

describe('pagePolicy', () => {
  it('allows images from a cdn_prefix on another host, and nothing for a path on the site', () => {
    const img = (cdnPrefix: string) =>
      directives(pagePolicy({ nonce: 'n', env: 'production', cdnPrefix })).get('img-src');
    expect(img('/cdn/')).toEqual(["'self'", 'data:', 'blob:']);
    expect(img('//photos.example.com/cdn/')).toEqual(["'self'", 'data:', 'blob:', 'photos.example.com']);
    expect(img('//bad host;script-src/')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('allows no inline script when the page asked for no nonce', () => {
    expect(directives(pagePolicy({ nonce: '', env: 'production' })).get('script-src')).toEqual(["'self'"]);
  });
});
