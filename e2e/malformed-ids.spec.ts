import { connect } from 'node:net';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { findRoutePaths } from '../apps/web/app/lib/route-config-objects.ts';
import routes from '../apps/web/app/routes.ts';

/**
 * Every page with an id in its address (`/members/:id`, `/members/:id/landing`, ...) answers a malformed or
 * out-of-range id with 404 or its own way out (a landing goes on to the plain signup), never with a 5xx: for a
 * visitor and for a logged-in member. The pages come from the route table, so a new page with an id is checked too.
 */

const allPages = findRoutePaths(routes);
const paramPages = allPages.filter((path) => /\/:[a-z]/i.test(path));
const plainPages = ['/', ...allPages.filter((path) => !path.includes(':') && !path.includes('*'))];

/** A query no page expects: ids out of range, a repeated key, NUL characters in a key and a value. */
const junkQuery = 'id=2147483648&id=%00&cursor=99999999999&page=-1&token=%00&%00=1&min_age=1e999';
/** A form post no page expects (NUL characters, an unknown locale and country). */
const junkForm = 'locale=%00&country=%00&id=2147483648&%00=%00';

/** As they appear in the address: out of range, not digits, another spelling of a number, encoded oddities. */
const badIds = [
  '2147483648',
  '2147483647',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999',
  'abc',
  '1e3',
  '1.5',
  '1.0',
  '-1',
  '0',
  '01',
  '+1',
  '0x10',
  'Infinity',
  '%00',
  '1%00',
  '%20',
  '%25',
  '%F0%9F%94%A5',
  '%D9%A1',
  '%ZZ',
];

/** Page addresses whose query carries an id or cursor. */
const badQueries = [
  '/members?cursor=2147483648',
  '/members?cursor=99999999999',
  '/members?cursor=1e3',
  '/members?cursor=%00',
  '/members?cursor=1&cursor=2147483648',
  '/members?min_age=%00&max_age=2147483648',
];

/** An answer as one line: the status, and where a redirect goes. */
function outcome(response: APIResponse): string {
  const location = response.headers().location;
  return location === undefined ? String(response.status()) : `${response.status()} -> ${location}`;
}

async function expectNoServerError(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  // Soft: one run lists every address that fails. Never the member page itself and never a 5xx: a 4xx, a
  // redirect to the signup or the search that does not carry the bad id on, or a members-only page's login (for a
  // visitor; an id in range is looked at only after it).
  expect.soft(outcome(response), url).toMatch(/^(4\d\d|30\d -> \/(signup|members)\b.*|30\d -> \/login\?redirect=.*)$/);
}

/** Every page with an id in its address, with every bad id, and the search with bad cursors. */
async function expectPagesAnswerMalformedIds(request: APIRequestContext) {
  for (const page of paramPages) {
    for (const id of badIds) {
      await expectNoServerError(request, page.replace(/:[a-z]+/gi, id));
    }
  }
  for (const url of badQueries) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect.soft(response.status(), `${url} answered ${response.status()}`).toBeLessThan(500);
  }
}

test('the route table has pages with an id', () => {
  expect(paramPages).toEqual(expect.arrayContaining(['/members/:id', '/members/:id/landing', '/members/:id/signup']));
});

test('every page answers a query or form post it does not expect without a 5xx', async ({ request }) => {
  for (const page of plainPages) {
    const get = await request.get(`${page}?${junkQuery}`, { maxRedirects: 0 });
    expect.soft(get.status(), `GET ${page}?${junkQuery} answered ${get.status()}`).toBeLessThan(500);
    const post = await request.post(page, {
      maxRedirects: 0,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: junkForm,
    });
    expect.soft(post.status(), `POST ${page} answered ${post.status()}`).toBeLessThan(500);
  }
});

test("malformed ids in page addresses answer 4xx or the page's way out, never 5xx (visitor)", async ({ request }) => {
  await expectPagesAnswerMalformedIds(request);
});

test("malformed ids in page addresses answer 4xx or the page's way out, never 5xx (member)", async ({ request }) => {
  const login = await request.post('/api/user.php', {
    headers: { 'x-request-type': 'client' },
    data: { email: 'demo@hartklop.test', password: 'hartklop-demo' },
  });
  expect(login.status()).toBe(200);
  await expectPagesAnswerMalformedIds(request);
});

test('a page address with repeated slashes is sent to its single-slash form, its query kept', async ({
  request,
  baseURL,
}) => {
  // Whole URLs: a path starting with `//` would otherwise be read as another host.
  for (const [path, location] of [
    ['//', '/'],
    ['/members//', '/members/'],
    ['//members///1?gender=female', '/members/1?gender=female'],
    ['/pages//terms', '/pages/terms'],
    // Never to another site.
    ['///evil.example/x', '/evil.example/x'],
  ] as const) {
    const get = await request.get(`${baseURL}${path}`, { maxRedirects: 0 });
    expect([path, get.status(), get.headers().location]).toEqual([path, 301, location]);
    const head = await request.head(`${baseURL}${path}`, { maxRedirects: 0 });
    expect([path, head.status(), head.headers().location]).toEqual([path, 301, location]);
  }
  // An API call is no page, with its slashes doubled or not.
  for (const path of ['//api/no-such-call.php', '/api//no-such-call.php']) {
    expect([path, (await request.get(`${baseURL}${path}`, { maxRedirects: 0 })).status()]).toEqual([path, 404]);
  }
  // A form posted to such an address keeps its method and body on the way.
  const post = await request.post(`${baseURL}/login//`, { maxRedirects: 0, form: { email: 'x' } });
  expect([post.status(), post.headers().location]).toEqual([308, '/login/']);
  // Its single-slash form is the page itself.
  expect((await request.get('/pages/terms', { maxRedirects: 0 })).status()).toBe(200);
});

/** The status line of a request written by hand: browsers and Playwright only send paths as request targets. */
function sendRawRequest(baseURL: string, requestLine: string): Promise<string> {
  const { hostname, port, host } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () =>
      socket.end(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

test('a request target that is no path (absolute form) answers 404, never a redirect or a 5xx', async ({ baseURL }) => {
  for (const target of ['http://evil.example//x', 'http://evil.example/x', 'http://evil.example/members']) {
    expect([target, await sendRawRequest(baseURL!, `GET ${target} HTTP/1.1`)]).toEqual([
      target,
      'HTTP/1.1 404 Not Found',
    ]);
  }
});
