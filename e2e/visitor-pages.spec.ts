import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';

// Pages without script are rendered once for all visitors who would get the same page and kept 10 seconds
// (VISITOR_PAGE_CACHE_SECONDS, decision 024). What a visitor must not see any longer is gone within that time.

/** A visitor's plain GET as a browser sends it, the body as sent (compressed when asked) and its encoding. */
async function fetchAsVisitor(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    headers: { cookie: 'entry_warning_dismissed=1', accept: 'text/html', ...headers },
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** The body as the server sent it (fetch would decode it) and its Content-Encoding. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

test('a landing page is shared by visitors for at most the cache lifetime, and never with a session cookie', async ({
  member,
  playwright,
  baseURL,
}) => {
  const landing = `${baseURL}/members/${member.profileId}/landing`;
  const first = await fetchAsVisitor(landing);
  expect(first.status).toBe(200);
  expect(first.text).toContain(member.name);

  // The member turns invisible: a visitor's landing page about them then leads to the plain signup.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-request-type': 'client' } });
  expect((await api.post('/api/user.php', { data: { email: member.email, password: member.password } })).ok()).toBe(
    true,
  );
  expect((await api.put('/api/account-settings.php', { data: { invisible: true } })).ok()).toBe(true);
  await api.dispose();

  // Rendered for this request alone: a request with a session cookie (here one no session has) sees the change.
  const withCookie = await fetchAsVisitor(landing, { cookie: 'entry_warning_dismissed=1; auth.token=no-such-session' });
  expect(withCookie.status).toBe(302);
  expect(withCookie.location).toBe('/signup');

  // The kept page, byte for byte, to visitors until the lifetime is over.
  const kept = await fetchAsVisitor(landing);
  expect(kept.status).toBe(200);
  expect(kept.text).toBe(first.text);
  await expect
    .poll(async () => (await fetchAsVisitor(landing)).location, { timeout: 15_000, intervals: [1_000] })
    .toBe('/signup');
});

test('visitors who would get different pages get their own', async ({ baseURL }) => {
  // The home page can be shared at all: it does not carry its answer's nonce (plugins/visitor-pages.ts).
  const answer = await fetch(`${baseURL}/`, { headers: { cookie: 'entry_warning_dismissed=1' } });
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(await answer.text()).not.toContain(nonce);

  const home = async (headers: Record<string, string>) => (await fetchAsVisitor(`${baseURL}/`, headers)).text;
  const dutch = await home({});
  const english = await home({ cookie: 'entry_warning_dismissed=1; locale=en' });
  const warned = await home({ cookie: '' });
  const phone = await home({ 'sec-ch-ua-mobile': '?1' });
  expect(dutch).toContain('<html lang="nl"');
  expect(english).toContain('<html lang="en"');
  expect(warned).not.toBe(dutch);
  expect(phone).not.toBe(dutch);
  // Asking again gives each visitor their own page back, in every encoding.
  expect(await home({})).toBe(dutch);
  expect(await home({ cookie: 'entry_warning_dismissed=1; locale=en' })).toBe(english);
  const decode = { br: brotliDecompressSync, gzip: gunzipSync };
  for (const encoding of ['br', 'gzip', 'br'] as const) {
    const sent = await fetchRaw(`${baseURL}/`, { cookie: 'entry_warning_dismissed=1', 'accept-encoding': encoding });
    expect(sent.encoding).toBe(encoding);
    expect(decode[encoding](sent.body).toString()).toBe(dutch);
  }
});
