import { devices } from '@playwright/test';
import { dismissEntryWarning, expect, test } from './support/fixtures.ts';

test('on a phone the signup buttons lead to the signup page, before and without script', async ({
  browser,
  baseURL,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled, baseURL });
    await dismissEntryWarning(context, baseURL!);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('home-signup').click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#signup-modal')).toHaveCount(0);
    await context.close();
  }
});
