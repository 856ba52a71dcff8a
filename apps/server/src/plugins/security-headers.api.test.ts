import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(async () => {
  await t.close();
});

describe('security headers on API answers', () => {
  it('a JSON answer may load and run nothing, may not be framed, and is not sniffed', async () => {
    const response = await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('an error answer carries the same strict policy', async () => {
    const response = await t.app.inject({ url: '/api/no-such-call.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('no HSTS on an answer over plain HTTP', async () => {
    const response = await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('static paths', () => {
  it('/robots.txt answers plain text that keeps crawlers off the API and members, for any host', async () => {
    for (const host of ['localhost', 'no-such-site.example']) {
      const response = await t.app.inject({ url: '/robots.txt', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      const lines = response.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const path of ['/api/', '/dev/', '/cdn/', '/members', '/profile', '/complete-signup']) {
        expect(lines).toContain(`Disallow: ${path}`);
      }
      expect(lines).not.toContain('Disallow: /');
    }
  });

  it('paths that only start like a site-free path answer 404, never 5xx', async () => {
    for (const url of ['/assets/missing.js', '/healthzx', '/readyz/x', '/favicon.icox', '/robots.txtx']) {
      const response = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toBe('not_found');
    }
  });

  it('a path that only starts like a site-free path still needs a known host', async () => {
    const response = await t.app.inject({ url: '/healthzx', headers: { host: 'no-such-site.example' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('site_not_found');
  });

  it('health checks answer for any host, with or without a query', async () => {
    for (const url of ['/healthz', '/healthz?probe=1', '/readyz']) {
      const response = await t.app.inject({ url, headers: { host: 'no-such-site.example' } });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
