import { request as httpRequest } from 'node:http';
import { expect, test } from './support/fixtures.ts';

// Page forms reach React Router's actions with the body unread, so the server bounds it before anyone reads it.

test('a page form body over the limit is refused before it is read, and one without a length too', async ({
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const tooLarge = await request.post('/login', {
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    data: `email=a%40b.nl&password=${'x'.repeat(70 * 1024)}`,
  });
  expect(tooLarge.status()).toBe(413);
  expect((await tooLarge.json()).error).toBe('payload_too_large');

  const small = await request.post('/login', {
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'email=nobody%40hartklop.test&password=wrong',
    maxRedirects: 0,
  });
  expect(small.status()).toBe(401);

  // Chunked: no Content-Length to judge by.
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL('/login', origin);
    const chunked = httpRequest(
      url,
      { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    chunked.on('error', reject);
    chunked.write('email=a%40b.nl&');
    chunked.end('password=x');
  });
  expect(status).toBe(413);
});

test("a member's own pages are never stored by a cache", async ({ page, member }) => {
  expect(member.email).toBeTruthy();
  const response = await page.goto('/settings');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
});
