import { expect, test } from '@playwright/test';

test.describe('the home page speaks the visitor language', () => {
  test('renders on the server in Dutch with lang="nl" by default', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { name: 'Nieuwe leden' })).toBeVisible();
    await context.close();
  });

  test('renders in English when the locale cookie says en', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'New members' })).toBeVisible();
  });

  test('falls back to Dutch when the locale cookie is not a known code', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'klingon', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { name: 'Nieuwe leden' })).toBeVisible();
  });

  test('an unknown page answers with status 404', async ({ page }) => {
    const response = await page.goto('/this/page/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Deze pagina kon niet worden gevonden')).toBeVisible();
  });
});
