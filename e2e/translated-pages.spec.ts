import { browserNamespaces } from '@app/shared/i18n/message-namespaces';
import type { Locator } from '@playwright/test';
import { dismissEntryWarning, expect, type Page, test, waitUntilLive } from './support/fixtures.ts';

// Each page loads only the message namespaces its routes declare (lib/route-handle.ts). A namespace a route
// forgets, or one the browser has not loaded when it shows a page, shows as a raw key such as `members.title`:
// these journeys watch every text the page ever shows, so even a key that flashes for a moment fails them.

const rawKey = `\\b(?:${browserNamespaces.join('|')})\\.[a-z0-9_]+`;

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  // Records every raw key that enters the document, from the first byte on, and every error the page reports
  // (React reports a hydration that differs from the server's page as one).
  await context.addInitScript((pattern) => {
    const found: string[] = [];
    const errors: string[] = [];
    Object.assign(window, { rawKeysSeen: found, pageErrors: errors });
    const expression = new RegExp(pattern);
    const look = (text: string | null) => {
      const match = text ? expression.exec(text) : null;
      if (match) found.push(`${location.pathname}: ${match[0]}`);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') look(record.target.textContent);
        for (const node of record.addedNodes) if (node.nodeName !== 'SCRIPT') look(node.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    window.addEventListener('error', (event) => errors.push(String(event.message)));
    const original = console.error;
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      original(...args);
    };
  }, rawKey);
});

/** Marks the document: a page reached by client-side navigation keeps the mark, a reload loses it. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

async function expectCleanPage(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  // The visible text, the page's title and the texts in attributes (labels, titles, placeholders, alt texts).
  const texts = await page.evaluate(() =>
    [
      document.body.innerText,
      document.title,
      ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ].join('\n'),
  );
  expect(texts.match(new RegExp(rawKey, 'g')) ?? [], `raw keys on ${page.url()}`).toEqual([]);
  const seen = await page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen);
  expect(seen, 'raw keys shown at any moment').toEqual([]);
  const errors = await page.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors);
  expect(errors, 'errors the page reported').toEqual([]);
}

/**
 * Follows a link without reloading and checks the page it shows. The address changes before the new page shows (it
 * may wait for its messages, with the old page still there), so this waits for the new page's heading.
 */
async function follow(page: Page, link: Locator, path: RegExp) {
  const heading = page.locator('main h1').first();
  const before = await heading.innerText();
  await link.click();
  await expect(page).toHaveURL(path);
  await expect(heading).not.toHaveText(before);
  await expectCleanPage(page);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test('a visitor moves through the public pages by links and sees every text translated', async ({ page }) => {
  await page.goto('/members');
  await waitUntilLive(page);
  await expectCleanPage(page);
  await markDocument(page);
  await follow(page, page.getByTestId('search-results').locator('a.member-card-link').first(), /\/members\/\d+$/);
  await follow(page, page.getByTestId('nav-login'), /\/login$/);
  await follow(page, page.locator('main a[href="/reset-password"]'), /\/reset-password$/);
  const footer = page.locator('footer');
  await follow(page, footer.getByRole('link', { name: 'Klachten' }), /\/complaints$/);
  await follow(page, footer.getByRole('link', { name: 'Veelgestelde vragen' }), /\/pages\/faq$/);
  await follow(page, footer.getByRole('link', { name: 'Prijzen' }), /\/pricing$/);
});

test('a member moves through their pages by links, changes the language, and sees every text translated', async ({
  page,
  member,
}) => {
  expect(member.email).toBeTruthy();
  await page.goto('/members');
  await waitUntilLive(page);
  await expectCleanPage(page);
  await markDocument(page);
  const account = page.getByTestId('account-menu');
  await account.locator('summary').click();
  await follow(page, account.getByRole('link', { name: 'Mijn profiel' }), /\/profile$/);
  await account.locator('summary').click();
  await follow(page, account.getByRole('link', { name: 'Instellingen' }), /\/settings$/);
  await account.locator('summary').click();
  await follow(page, account.getByRole('link', { name: 'Transacties' }), /\/transactions$/);
  await follow(page, page.locator('.top-nav a.nav-link[href="/members"]'), /\/members$/);
  await follow(page, page.getByTestId('search-results').locator('a.member-card-link').first(), /\/members\/\d+$/);

  const menu = page.getByTestId('language-menu');
  await menu.locator('summary').click();
  await menu.locator('button[value="GB:en"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectCleanPage(page);
  await follow(page, page.locator('footer').getByRole('link', { name: 'Pricing' }), /\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await account.locator('summary').click();
  await follow(page, account.getByRole('link', { name: 'Settings' }), /\/settings$/);
});

test('every main page, loaded anew, shows every text translated', async ({ page, member }) => {
  expect(member.email).toBeTruthy();
  for (const path of [
    '/',
    '/members',
    '/profile',
    '/settings',
    '/pricing',
    '/complaints',
    '/signup-matches',
    '/match-finder',
    '/likes',
    '/chats',
  ]) {
    await page.goto(path);
    await waitUntilLive(page);
    await expectCleanPage(page);
  }
});
