import { expect, test } from '@playwright/test';
import { dismissEntryWarning } from './support/fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test('a login never leaves the site, whatever its redirect says', async ({ page, baseURL }) => {
  // A tab in `/\t/evil.example` is dropped by browsers, which leaves `//evil.example`.
  await page.goto('/login?redirect=%2F%09%2Fevil.example');
  await page.getByLabel('E-mailadres').fill('demo@hartklop.test');
  await page.getByLabel('Wachtwoord').fill('hartklop-demo');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(page.url()).not.toContain('evil');
});

test('a plain link to the logout call asks first; the member logs out with the button', async ({ page }) => {
  await page.goto('/login?redirect=%2Fmembers');
  await page.getByLabel('E-mailadres').fill('premium@hartklop.test');
  await page.getByLabel('Wachtwoord').fill('hartklop-demo');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);

  // What a link on another site would do: a navigation without the client header.
  await page.goto('/api/logout.php');
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: 'Wil je uitloggen?' })).toBeVisible();
  await page.getByRole('link', { name: 'Ingelogd blijven' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('body')).toHaveClass(/logged-in/);

  await page.goto('/api/logout.php');
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('body')).toHaveClass(/logged-out/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
});
