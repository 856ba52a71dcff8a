import type { Locator } from '@playwright/test';
import {
  dismissEntryWarning,
  expect,
  expectWithinViewportWidth,
  firstFound,
  loginToMembers,
  searchPages,
  siteUrl,
  test,
  waitUntilLive,
} from './support/fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test('the language menu switches language without a reload, and the choice survives a reload', async ({ page }) => {
  // /pricing runs script (the visitor's home page has none).
  await page.goto('/pricing');
  await waitUntilLive(page);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same page';
  });
  const menu = page.getByTestId('language-menu');
  // The accessible name holds the visible text (WCAG 2.5.3) and says what the control is.
  await expect(menu.locator('summary')).toHaveAccessibleName(/^NL\b.*Taal kiezen$/);
  await menu.locator('summary').click();
  await expect(menu.getByText('Verenigd Koninkrijk')).toBeVisible();
  await menu.locator('button[value="GB:en"]').click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(menu).not.toHaveAttribute('open');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('without JavaScript the language menu opens and its choice posts', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await dismissEntryWarning(context, baseURL!);
  const page = await context.newPage();
  await page.goto('/pages/faq');
  const menu = page.getByTestId('language-menu');
  await menu.locator('summary').click();
  await menu.locator('button[value="DE:de"]').click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

test('a language choice no menu offers is refused in the visitor language and stores nothing', async ({ request }) => {
  for (const form of ['choice=XX:zz&redirectTo=/pricing', 'locale=%00&country=%00&redirectTo=/pricing']) {
    const response = await request.post('/lang', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'locale=de' },
      data: form,
      maxRedirects: 0,
    });
    expect(response.status(), form).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation_failed',
      message: 'Die Eingabe ist ungültig (locale).',
      field: 'locale',
    });
    expect(response.headers()['set-cookie'], form).toBeUndefined();
  }
});

test.describe('a member without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("changes the language on the account too, as the mails' language", async ({ page, member }) => {
    await page.goto('/pricing');
    const menu = page.getByTestId('language-menu');
    await menu.locator('summary').click();
    await menu.locator('button[value$=":en"]').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const answer = await page.request.get('/api/user.php');
    expect((await answer.json()).user.language).toBe('en');
    expect(member.email).toBeTruthy();
  });
});

test("the visitor's own country comes first in the language menu", async ({ page }) => {
  // Loopback visitors count as the site's first country (NL).
  await page.goto('/pages/terms');
  const countries = await page
    .getByTestId('language-menu')
    .locator('button[name="choice"]')
    .evaluateAll((buttons) => buttons.map((button) => (button as HTMLButtonElement).value.split(':')[0]));
  expect(countries[0]).toBe('NL');
  expect(countries.filter((country) => country === 'NL')).toHaveLength(1);
});

test('menus and the navigation work from the keyboard', async ({ page }) => {
  await page.goto('/pricing');
  await waitUntilLive(page);
  const menu = page.getByTestId('language-menu');
  const summary = menu.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open');
  await page.keyboard.press('Tab');
  await expect(menu.locator('button[name="choice"]').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('nav-login')).toBeFocused();
});

test('after hydration the head keeps its stylesheet, and title and description follow client-side navigation', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/complaints');
  await waitUntilLive(page);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same page';
  });
  const footer = page.getByTestId('site-footer');
  await footer.getByRole('link', { name: 'Prijzen' }).click();
  await expect(page).toHaveTitle('Prijzen · Hartklop');
  await footer.getByRole('link', { name: 'Algemene voorwaarden' }).click();
  await expect(page).toHaveTitle(/^Algemene voorwaarden · Hartklop$/);
  const termsDescription = await page.locator('meta[name="description"]').getAttribute('content');
  await page.getByRole('link', { name: 'Hartklop' }).first().click();
  await expect(page).toHaveTitle(/^Hartklop · /);
  // Route `meta` is rendered again on navigation: the home page's description replaces the terms'.
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute('content', termsDescription!);
  // Navigated inside one page: no reload, one <html>, one <body>, and the site's stylesheet still applies.
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  expect(await page.locator('html').count()).toBe(1);
  expect(await page.locator('body').count()).toBe(1);
  expect(await page.locator('head link[rel="stylesheet"]').count()).toBeGreaterThan(0);
  expect(await page.locator('head title').count()).toBe(1);
  await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toHaveCSS('border-radius', /px/);
  expect(await page.locator('body title').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('pages without script: no script tag, and the signup modal opens and closes as plain HTML', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await dismissEntryWarning(context, baseURL!);
  const page = await context.newPage();
  for (const path of ['/', '/pages/terms', '/pages/faq']) {
    await page.goto(path);
    await expect(page.locator('script:not([type="application/ld+json"])'), path).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
  }
  await page.goto('/');
  await page.getByTestId('home-signup').click();
  await expect(page).toHaveURL(/\/\?signup=modal$/);
  const modal = page.getByRole('dialog', { name: 'Gratis aanmelden' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('E-mailadres')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Account aanmaken' })).toBeVisible();
  await modal.getByRole('link', { name: 'Sluiten' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#signup-modal')).toHaveCount(0);
  await context.close();
});

test('with script the signup modal loads its form on demand and closes with Escape', async ({ page }) => {
  await page.goto('/pricing');
  await waitUntilLive(page);
  const signupChunk = page.waitForRequest(/\/assets\/signup-form-[\w-]+\.js$/);
  await page.goto('/pricing?signup=modal');
  await signupChunk;
  await waitUntilLive(page);
  const modal = page.locator('#signup-modal');
  await expect(modal.getByLabel('E-mailadres')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/pricing$/);
});

test('controls a finger uses are at least 44 px high or wide', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL });
  await dismissEntryWarning(context, baseURL!);
  const page = await context.newPage();
  const expectFingerSized = async (controls: Locator[]) => {
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box, String(control)).not.toBeNull();
      expect(Math.max(box!.width, box!.height), String(control)).toBeGreaterThanOrEqual(44);
    }
  };
  await page.goto('/?signup=modal');
  await expectFingerSized([
    page.getByTestId('language-menu').locator('summary'),
    page.getByTestId('nav-login'),
    page.getByTestId('modal-close'),
    ...(await page.getByTestId('site-footer').locator('a').all()),
  ]);
  await page.getByTestId('modal-close').click();
  await page.getByTestId('language-menu').locator('summary').click();
  await expectFingerSized(await page.getByTestId('language-menu').locator('button[name="choice"]').all());
  await context.close();
});

test('/lang-config sets country and language on one page', async ({ page }) => {
  await page.goto('/lang-config');
  await page.getByLabel('Land', { exact: true }).selectOption('BE');
  await page.getByLabel('Français').check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a 404 shows the error page texts with status 404', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every footer link opens a page with status 200', async ({ page }) => {
  await page.goto('/');
  const hrefs = await page
    .getByTestId('site-footer')
    .locator('nav a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual([
    '/pages/terms',
    '/pages/privacy',
    '/pages/cookies',
    '/pages/ban',
    '/pricing',
    '/complaints',
    '/pages/return-policy',
    '/pages/faq',
    '/pages/service',
  ]);
  for (const href of hrefs) {
    const response = await page.goto(href!);
    expect(response?.status(), href!).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/pages/terms');
  await expect(page.getByText('Hartklop Media B.V.').first()).toBeVisible();
  await expect(page.getByText(/1 maart 2024/).first()).toBeVisible();
});

test('the footer shows company details, the disclaimer, and the US notice only where flagged', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const footer = page.getByTestId('site-footer');
  await expect(footer).toContainText('© 2025 Hartklop');
  await expect(footer).toContainText('KvK 81234567');
  await expect(footer).toContainText('fysiek contact niet mogelijk');
  await expect(page.getByTestId('us-footer')).toHaveCount(0);

  await page.goto(siteUrl(baseURL!, 'usfooter.localhost'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('us-footer')).toContainText('2257');
});

test('the complaint form checks its input and confirms a stored complaint', async ({ page }) => {
  await page.goto('/complaints');
  await page.getByRole('button', { name: 'Klacht versturen' }).click();
  await expect(page.getByText('Vul je naam in (minimaal 2 tekens).')).toBeVisible();
  await expect(page.getByText('Ongeldige e-mail')).toBeVisible();

  await page.getByLabel('Je naam').fill('Anna de Vries');
  await page.getByLabel('Je e-mailadres').fill('anna@example.com');
  await page.getByLabel('Waar gaat je klacht over?').selectOption('fake_profile');
  await page
    .getByLabel('Je klacht', { exact: true })
    .fill('Dit profiel gebruikt foto’s van iemand anders, graag controleren.');
  await page.getByRole('button', { name: 'Klacht versturen' }).click();
  await expect(page.getByTestId('complaint-confirmation')).toContainText(/K-\d{6}/);
});

test('home page screenshots at 375 px and 1280 px show the whole width', async ({ browser, baseURL }) => {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL });
    await dismissEntryWarning(context, baseURL!);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('.member-card').first()).toBeVisible();
    await expectWithinViewportWidth(page, [
      page.getByRole('navigation', { name: 'Hoofdmenu' }),
      page.getByTestId('nav-login'),
      page.getByRole('heading', { level: 1 }),
      page.getByTestId('home-signup'),
      ...(await page.locator('.member-card').all()),
      page.getByRole('heading', { name: 'Zo werkt het' }),
      page.getByTestId('site-footer'),
    ]);
    await page.screenshot({ path: `test-results/screenshots/home-${width}.png`, fullPage: true });
    await context.close();
  }
});

test("a fictional member's card in the search carries the fictional label", async ({ page }) => {
  await loginToMembers(page, 'demo@hartklop.test');
  const fictional = await firstFound(page.request, (found) => found.fictional);
  expect(fictional).not.toBeNull();
  const card = page.locator('.member-card', { has: page.locator(`a[href="/members/${fictional!.id}"]`) });
  for await (const _searchPage of searchPages(page)) {
    if ((await card.count()) > 0) break;
  }
  await expect(card).toHaveAttribute('data-fictional', 'true');
  await expect(card.getByTestId('fictional-label')).toBeVisible();
  await expect(card.getByTestId('fictional-label')).toHaveText('Fictief profiel');
});
