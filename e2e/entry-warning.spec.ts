import { expect, test } from '@playwright/test';
import { emulateInstalledApp, siteUrl } from './support/fixtures.ts';

test.describe('the adult-content warning', () => {
  test('shows on a first visit, traps focus, and stays closed after closing and a reload', async ({ page }) => {
    // A page with script: focus handling needs it (the visitor's home page works as plain HTML).
    await page.goto('/pricing');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const dialog = page.locator('#site-entry-warning');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('role', 'dialog');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(page.getByRole('dialog', { name: 'Alleen voor volwassenen (18+)' })).toBeVisible();

    // Focus starts on the confirm button and Tab stays inside the dialog.
    await expect(dialog.getByRole('button', { name: 'Ik ben 18 jaar of ouder' })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    // Escape does not skip the age check.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Ik ben 18 jaar of ouder' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const cookies = await page.context().cookies();
    const stored = cookies.find((cookie) => cookie.name === 'entry_warning_dismissed');
    expect(Number(stored?.value)).toBeGreaterThan(Date.now() - 60_000);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  });

  test('works without JavaScript: the form post stores the choice', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/pages/faq');
    await page.getByRole('button', { name: 'Ik ben 18 jaar of ouder' }).click();
    await expect(page).toHaveURL(/\/pages\/faq$/);
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
    await context.close();
  });

  test('is absent when the site switches the popup off', async ({ page, baseURL }) => {
    await page.goto(siteUrl(baseURL!, 'nopopup.localhost'));
    await expect(page.getByText('Zonder Popup').first()).toBeVisible();
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  });

  test('is absent in installed app mode', async ({ page, context }) => {
    await emulateInstalledApp(context);
    // The app is told by script (pages without script hide the warning by a display-mode media query).
    await page.goto('/pricing');
    await expect(page.locator('body')).toHaveClass(/is-pwa/);
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  });
});
