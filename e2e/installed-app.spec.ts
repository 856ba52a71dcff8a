import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession } from '@playwright/test';
import { dismissEntryWarning, expect, loginToMembers, type Page, test, waitUntilLive } from './support/fixtures.ts';

interface AppManifestAnswer {
  url: string;
  errors: { message: string; critical: number }[];
  data?: string;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** The manifest as Chromium itself fetched and parsed it from the page's `<link rel="manifest">`. */
async function readAppManifest(page: Page, cdp: CDPSession) {
  const answer = (await cdp.send('Page.getAppManifest', {})) as AppManifestAnswer;
  expect(answer.errors, 'Chromium finds nothing wrong in the manifest').toEqual([]);
  expect(answer.data, 'Chromium fetched the manifest').toBeTruthy();
  expect(new URL(answer.url).origin).toBe(new URL(page.url()).origin);
  return { url: answer.url, manifest: JSON.parse(answer.data!) as Record<string, unknown> & { icons: ManifestIcon[] } };
}

test.describe('the installed app', () => {
  test.beforeEach(async ({ context, baseURL }) => dismissEntryWarning(context, baseURL!));

  test("every page links the site's manifest, which Chromium reads without errors", async ({ page }) => {
    await page.goto('/pricing');
    await waitUntilLive(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?lang=nl');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#d14470');
    const cdp = await page.context().newCDPSession(page);
    const { url, manifest } = await readAppManifest(page, cdp);
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(manifest).toMatchObject({
      name: 'Hartklop',
      short_name: 'Hartklop',
      lang: 'nl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#d14470',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.type} ${icon.purpose}`)).toEqual([
      '192x192 image/png any',
      '512x512 image/png any',
      '512x512 image/png maskable',
    ]);
    // The icons and the apple-touch-icon come from the built server, beside its static files.
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((icon) => icon.src), touchIcon!]) {
      const response = await page.request.get(new URL(src, url).toString());
      expect(response.status(), src).toBe(200);
      expect(response.headers()['content-type'], src).toBe('image/png');
    }
  });

  test("a page without script links it too, in the visitor's language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'de', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('script')).toHaveCount(0);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?lang=de');
    const cdp = await page.context().newCDPSession(page);
    const { manifest } = await readAppManifest(page, cdp);
    expect(manifest.lang).toBe('de');
    expect(manifest.description).toContain('Hartklop ist die gesellige Dating-Community');
  });
});

test.describe('the installed app in its own window', () => {
  // The member logs in inside the app window, not in the test's own context.
  test.use({ memberOptions: { loggedIn: false } });

  // Installing needs a browser profile of its own: the test's usual context is an incognito-like one.
  let profileDir: string;
  let app: BrowserContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    profileDir = mkdtempSync(join(tmpdir(), 'e2e-installed-app-'));
    app = await playwright.chromium.launchPersistentContext(profileDir, {
      ...test.info().project.use.launchOptions,
      baseURL,
    });
    await dismissEntryWarning(app, baseURL!);
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  test('installs, opens standalone with the is-pwa class and the back button, and badges the icon', async ({
    playwright,
    baseURL,
    member,
  }) => {
    const tab = app.pages()[0] ?? (await app.newPage());
    await tab.goto('/pricing');
    await waitUntilLive(tab);
    const tabDevTools = await app.newCDPSession(tab);
    // Chromium's own install criteria: manifest fields, icons it could fetch and decode, start URL in scope.
    const { installabilityErrors } = (await tabDevTools.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { appId: manifestId } = (await tabDevTools.send('Page.getAppId')) as { appId: string };
    expect(manifestId).toBe(new URL('/', baseURL).toString());

    const browser = await app.browser()!.newBrowserCDPSession();
    await browser.send('PWA.install', { manifestId, installUrlOrBundleUrl: new URL('/pricing', baseURL).toString() });
    // Headless Chromium opens an installed app in a tab unless the member chose its own window.
    await browser.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' });
    const opened = app.waitForEvent('page');
    await browser.send('PWA.launch', { manifestId, url: new URL('/pricing', baseURL).toString() });
    const appWindow = await opened;
    await appWindow.waitForURL(/\/pricing$/);
    await waitUntilLive(appWindow);
    expect(await appWindow.evaluate(() => window.matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await expect(appWindow.locator('body')).toHaveClass(/\bis-pwa\b/);
    // The browser tab of the same page is no app.
    await expect(tab.locator('body')).not.toHaveClass(/\bis-pwa\b/);

    // A member's profile, reached from the list, offers the way back that an app window lacks.
    await loginToMembers(appWindow, member.email, member.password);
    await expect(appWindow.locator('body')).toHaveClass(/\bis-pwa\b/);
    const back = appWindow.getByRole('button', { name: 'Terug' });
    await expect(back).toHaveCount(0);
    await appWindow.locator('a.stretched-link[href^="/members/"]').first().click();
    await expect(appWindow).toHaveURL(/\/members\/\d+$/);
    await back.click();
    await expect(appWindow).toHaveURL(/\/members$/);

    // The icon's badge: unread messages plus new likes, as in the title; gone when both are 0.
    const badge = async () =>
      ((await browser.send('PWA.getOsAppState', { manifestId })) as { badgeCount: number }).badgeCount;
    const demo = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-request-type': 'client' } });
    const login = await demo.post('/api/user.php', {
      data: { email: 'demo@hartklop.test', password: 'hartklop-demo' },
    });
    expect(login.status(), 'POST /api/user.php (login)').toBe(200);
    const liked = await demo.post('/api/like.php', { data: { profile: member.profileId } });
    expect(liked.status(), 'POST /api/like.php').toBe(200);
    // Away from the members area, where no auto-like comes to change the count.
    await appWindow.goto('/pricing');
    await waitUntilLive(appWindow);
    await expect(appWindow).toHaveTitle(/^\(1\) /);
    await expect.poll(badge).toBe(1);

    const unliked = await demo.delete('/api/like.php', { data: { profile: member.profileId } });
    expect(unliked.status(), 'DELETE /api/like.php').toBe(200);
    await demo.dispose();
    await appWindow.reload();
    await waitUntilLive(appWindow);
    await expect(appWindow).not.toHaveTitle(/^\(\d+\) /);
    await expect.poll(badge).toBe(0);
  });
});
