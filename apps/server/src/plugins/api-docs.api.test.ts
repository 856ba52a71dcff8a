import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: { host: 'localhost' } });

describe('the API documentation', () => {
  it('/api/docs is Swagger UI: a page whose scripts and styles all come from this server, under its policy', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(assets).toContain('/api/docs/static/swagger-initializer.js');
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\/static\//);
      expect((await get(asset)).statusCode, asset).toBe(200);
    }
    const initializer = await get('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');
  });

  it('/api/docs/json is the OpenAPI document of the API calls, with their error answers', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Dating site API');
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/') && path !== '/api/docs')).toBe(true);
    const login = document.paths['/api/user.php'].post;
    expect(login.tags).toEqual(['accounts']);
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(login.responses['401'].description).toBe('login_failed');
    expect(login.responses['429'].description).toBe('login_blocked');
    const errorBody = login.responses['401'].content['application/json'].schema;
    expect(errorBody.required).toEqual(['error', 'message']);
    expect(errorBody.properties.error.enum).toContain('login_failed');
    expect(Object.keys(errorBody.properties)).toEqual(['error', 'message', 'field']);
  });
});
