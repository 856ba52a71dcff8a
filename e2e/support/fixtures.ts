import { randomBytes, randomInt } from 'node:crypto';
import type { ProfileUpdate } from '@app/shared/profiles/profile-update';
import {
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export type { Page };
export { expect };

/** The header every state-changing API call needs (spec section 7). */
const client = { 'x-request-type': 'client' };

/** The password of every member the `member` fixture makes: strong enough for the server's checks. */
const memberPassword = 'Zonnebloem-Kanaal-1987!';

/** What the `member` fixture makes; every field optional in `test.use({ memberOptions: { ... } })`. */
export interface MemberOptions {
  /** The test's browser context starts logged in as the member (the signup's session). Default true. */
  loggedIn: boolean;
  /** The steps of /complete-signup are done, with the calls the steps make. Default true. */
  completeSignup: boolean;
  /** Profile fields saved with PUT /api/profile.php; with `completeSignup` they go over its personal details. */
  profile: ProfileUpdate;
}

/** A member of this test alone: signed up and activated through the app's own calls and mail. */
export interface Member {
  email: string;
  password: string;
  name: string;
  userId: number;
  profileId: number;
}

export interface Mailbox {
  /**
   * The newest link to `path` mailed to `to`, as path and query (mails carry the site's configured origin, which is
   * not where this test server listens). Waits up to 10 s for the mail.
   */
  link(to: string, path: string): Promise<string>;
  /** How many mails to `to` carry a link to `path` (a reload that posted again would have sent another). */
  count(to: string, path: string): Promise<number>;
}

const defaultMemberOptions: MemberOptions = { loggedIn: true, completeSignup: true, profile: {} };

/** The personal details the complete-signup journey picks too. */
const personalDetails: ProfileUpdate = { gender: 'female', sexuality: 'hetero', reason: 'dating' };

/** An e-mail address no other test uses: the worker's index and random letters. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-w${test.info().workerIndex}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Setting a member up must not fail quietly: a call that does not answer 2xx stops the test with its answer. */
async function must(response: APIResponse, call: string): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${call} answered ${response.status()}: ${await response.text()}`);
  return response;
}

async function countMails(request: APIRequestContext, to: string, path: string): Promise<number> {
  const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(answer.status()).toBe(200);
  const mails: { text: string }[] = (await answer.json()).mails;
  return mails.filter((mail) => mail.text.includes(path)).length;
}

async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path.replaceAll('.', '\\.')}\\?token=[\\w-]+`);
  let link = '';
  await expect(async () => {
    const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    expect(answer.status()).toBe(200);
    const mails: { text: string }[] = (await answer.json()).mails;
    link = mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean) ?? '';
    expect(link, `a mail to ${to} with a link to ${path}`).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export const test = base.extend<{
  /**
   * An address of this test alone, in 10.0.0.0/8. The journeys' server trusts a proxy on loopback
   * (TRUST_PROXY in playwright.config.ts), so requests that carry it in X-Forwarded-For count as this client's: the
   * per-address signup limit (5 an hour) then counts this test's signups only.
   */
  clientAddress: string;
  /** The test's browser sends `clientAddress` as its own, for journeys that sign up through the pages. */
  ownClientAddress: boolean;
  /** The local mailbox (`/dev/mailbox`, loopback only); asked without `clientAddress`, as this machine. */
  mailbox: Mailbox;
  memberOptions: Partial<MemberOptions>;
  /**
   * A fresh, activated member of this test: signed up with POST /api/signup.php from `clientAddress`, activated by
   * the link in the activation mail, complete-signup done (unless told otherwise), and logged in in the browser.
   */
  member: Member;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  clientAddress: async ({}, use, testInfo) => {
    await use(`10.${testInfo.workerIndex % 256}.${randomInt(256)}.${randomInt(1, 255)}`);
  },

  ownClientAddress: [false, { option: true }],

  context: async ({ context, ownClientAddress, clientAddress }, use) => {
    if (ownClientAddress) await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress });
    await use(context);
  },

  mailbox: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    await use({
      link: (to, path) => mailedLink(request, to, path),
      count: (to, path) => countMails(request, to, path),
    });
    await request.dispose();
  },

  memberOptions: [{}, { option: true }],

  member: async ({ playwright, baseURL, context, clientAddress, mailbox, memberOptions }, use) => {
    const options = { ...defaultMemberOptions, ...memberOptions };
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { ...client, 'x-forwarded-for': clientAddress },
    });
    const member = await signUpMember(api, mailbox, options);
    if (options.loggedIn) await context.addCookies((await api.storageState()).cookies);
    await api.dispose();
    await use(member);
  },
});

/**
 * Signs a member up through the app's own calls (POST /api/signup.php, the activation mail's link, the profile and
 * complete-signup steps unless told otherwise) with `api`, which stays logged in as them. `api` must send
 * `X-Request-Type: client` and an address of its own in X-Forwarded-For (the signup limit counts per address).
 */
export async function signUpMember(
  api: APIRequestContext,
  mailbox: Mailbox,
  memberOptions: Partial<MemberOptions> = {},
): Promise<Member> {
  const options = { ...defaultMemberOptions, ...memberOptions };
  const email = uniqueEmail('lid');
  const name = `Merel ${randomBytes(3).toString('hex')}`;
  const signup = await must(
    await api.post('/api/signup.php', {
      data: { email, name, password: memberPassword, date_of_birth: '1990-05-05' },
    }),
    'POST /api/signup.php',
  );
  const { user } = (await signup.json()) as { user: { id: number; profile: { id: number } } };

  const activation = await api.get(await mailbox.link(email, '/api/activate.php'), { maxRedirects: 0 });
  if (activation.headers().location !== '/activate/done') {
    throw new Error(`the activation link went to ${activation.headers().location}`);
  }

  const profile = { ...(options.completeSignup ? personalDetails : {}), ...options.profile };
  if (Object.keys(profile).length > 0) {
    await must(await api.put('/api/profile.php', { data: profile }), 'PUT /api/profile.php');
  }
  if (options.completeSignup) {
    const steps = [{ step: 4, push_choice: 'declined' }, { step: 5 }];
    for (const data of steps) await must(await api.put('/api/signup-step.php', { data }), 'PUT /api/signup-step.php');
  }
  return { email, password: memberPassword, name, userId: user.id, profileId: user.profile.id };
}

/** One member as GET /api/search.php lists them. */
export interface FoundMember {
  id: number;
  name: string;
  fictional: boolean;
}

/** Every member a search finds, page after page, as the caller of `request` sees them. */
async function* everyoneFound(request: APIRequestContext) {
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(cursor ? { cursor } : {});
    const answer = await request.get(`/api/search.php?${params}`);
    expect(answer.status(), `GET /api/search.php?${params}`).toBe(200);
    const page = (await answer.json()) as { results: FoundMember[]; next_cursor: string | null };
    yield* page.results;
    cursor = page.next_cursor;
  } while (cursor);
}

/**
 * The first member the search finds (GET /api/search.php, every page) for whom `matches` holds, or null. Journeys
 * pick the demo member they need with it, wherever other tests' new members have pushed it in the list (newest first).
 */
export async function firstFound(
  request: APIRequestContext,
  matches: (member: FoundMember) => boolean | Promise<boolean>,
): Promise<FoundMember | null> {
  for await (const member of everyoneFound(request)) {
    if (await matches(member)) return member;
  }
  return null;
}

/**
 * The search pages one after another: opens `/members` with no filter, and after each page follows "Volgende pagina" until there
 * is none. The caller looks at the page between steps (and may stop).
 */
export async function* searchPages(page: Page) {
  // Every filter named and empty: everyone, not the start a member's own answers give the search.
  let next: string | null = '/members?gender=&country=';
  while (next) {
    await page.goto(next);
    await expect(page.getByTestId('search-count')).toBeVisible();
    yield page;
    const nextLink = page.getByTestId('search-next');
    next = (await nextLink.count()) > 0 ? new URL((await nextLink.getAttribute('href'))!, page.url()).href : null;
  }
}

/**
 * Nothing on the page scrolls sideways, and each of `parts` lies inside the viewport's width (half a pixel of
 * rounding allowed): for screenshots that are to show the whole width.
 */
export async function expectWithinViewportWidth(page: Page, parts: Locator[]) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll, 'the page is no wider than the viewport').toBeLessThanOrEqual(width.inner);
  for (const part of parts) {
    const box = await part.boundingBox();
    expect(box, `${part} has a box`).not.toBeNull();
    expect(box!.x, `${part} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5);
    expect(box!.x + box!.width, `${part} ends inside the viewport`).toBeLessThanOrEqual(width.inner + 0.5);
  }
}

/** Marks the adult-content warning as closed, for journeys about something else. */
export async function dismissEntryWarning(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: baseURL }]);
}

/** Pretends the site runs as an installed app: `(display-mode: standalone)` matches. */
export async function emulateInstalledApp(context: BrowserContext) {
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const result = original(query);
      if (!query.includes('display-mode: standalone')) return result;
      const standalone = Object.create(result);
      Object.defineProperty(standalone, 'matches', { value: true });
      return standalone as MediaQueryList;
    };
  });
}

export function siteUrl(baseURL: string, host: string) {
  const url = new URL(baseURL);
  url.hostname = host;
  return url.toString();
}

/**
 * Waits until the page is hydrated (`<html data-hydrated>`, set by the root layout): its forms then post through
 * the API instead of to the page's address.
 */
export async function waitUntilLive(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

/** Logs a member in through the login page and waits on /members until the page is live. */
export async function loginToMembers(page: Page, email: string, password = 'hartklop-demo') {
  await page.goto('/login?redirect=%2Fmembers');
  await waitUntilLive(page);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await waitUntilLive(page);
}

/** A text message as the composer sends it (the client header included); answers its conversation. */
export async function sendMessage(api: APIRequestContext, profile: number, text: string): Promise<number> {
  const answer = await api.post('/api/messages.php', {
    data: { profile, type: 'message', text, client_id: `e2e-${randomBytes(8).toString('hex')}` },
    headers: { 'x-request-type': 'client' },
  });
  expect(answer.status(), `POST /api/messages.php: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { message: { conversation: number } }).message.conversation;
}
