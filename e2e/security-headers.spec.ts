import type { Page, Response } from '@playwright/test';
import { dismissEntryWarning, expect, loginToMembers, test, waitUntilLive } from './support/fixtures.ts';

/** Collects every Content-Security-Policy violation the browser reports, across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Checks the page's policy and that every script in the document carries the nonce the policy allows. */
async function expectNoncePolicy(page: Page, response: Response | null): Promise<string> {
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  const parsed = directives(policy);
  const scriptSources = parsed.get('script-src') ?? [];
  expect(scriptSources).not.toContain("'unsafe-inline'");
  expect(scriptSources).not.toContain("'unsafe-eval'");
  const nonce = scriptSources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, policy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
  expect(parsed.get('object-src')).toEqual(["'none'"]);
  expect(parsed.get('base-uri')).toEqual(["'self'"]);
  expect(parsed.get('form-action')).toEqual(["'self'"]);
  const inlineNonces = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(inlineNonces.length).toBeGreaterThan(0);
  expect(new Set(inlineNonces)).toEqual(new Set([nonce]));
  return nonce!;
}

test('pages carry a nonce-based policy, run their scripts and hydrate without a single CSP violation', async ({
  page,
  context,
  baseURL,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const violations = await watchViolations(page);

  const nonces = new Set<string>();
  // Pages with script (the visitor's home and the legal pages have none, decision 014).
  nonces.add(await expectNoncePolicy(page, await page.goto('/complaints')));
  // Hydrated: a client-side navigation keeps the page (and this marker) alive.
  await waitUntilLive(page);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same page';
  });
  await page.getByTestId('site-footer').getByRole('link', { name: 'Algemene voorwaarden' }).click();
  await expect(page).toHaveTitle(/^Algemene voorwaarden · Hartklop$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

  nonces.add(await expectNoncePolicy(page, await page.goto('/pricing')));
  nonces.add(await expectNoncePolicy(page, await page.goto('/login')));

  await loginToMembers(page, 'demo@hartklop.test');
  // Everyone, not the demo member's own start search, which may match none of the few profiles seeded here.
  nonces.add(await expectNoncePolicy(page, await page.goto('/members?gender=&country=')));
  const profile = await page.getByTestId('search-results').locator('a.stretched-link').first().getAttribute('href');
  expect(profile).toMatch(/^\/members\/\d+$/);
  nonces.add(await expectNoncePolicy(page, await page.goto(profile!)));
  await expect(page.getByRole('link', { name: 'Blokkeren', exact: true })).toBeVisible();
  // Live: every script the page loads has run (and its images have loaded: `goto` waits for the load event).
  await waitUntilLive(page);

  // A fresh nonce for every answer.
  expect(nonces.size).toBe(5);
  expect(violations).toEqual([]);
});

test('unknown static paths answer 404 and robots.txt answers, each with a strict policy', async ({ request }) => {
  for (const path of ['/assets/missing.js', '/healthzx', '/readyz/x', '/favicon.icox']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /api/');

  const api = await request.get('/api/settings.php');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['strict-transport-security']).toBeUndefined();
});

test("HEAD on a page answers GET's status and content type, and so the page's policy, without a body", async ({
  request,
}) => {
  for (const [path, status] of [
    ['/', 200],
    ['/pages/terms', 200],
    ['/no-such-page', 404],
  ] as const) {
    const got = await request.get(path, { maxRedirects: 0 });
    const head = await request.head(path, { maxRedirects: 0 });
    expect([path, got.status(), head.status()]).toEqual([path, status, status]);
    expect(head.headers()['content-type'], path).toBe('text/html; charset=utf-8');
    // The page's policy, with a nonce of its own, not the strict one of the API's answers.
    expect(head.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(await head.body(), path).toHaveLength(0);
  }
});
