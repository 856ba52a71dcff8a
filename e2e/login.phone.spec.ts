import { expect, test } from '@playwright/test';

test('a member logs in on a phone, sees the member navigation, and logs out', async ({ page }) => {
  await page.goto('/');
  // The entry warning shows to visitors; the member confirms it first.
  await page.getByRole('button', { name: 'Ik ben 18 jaar of ouder' }).click();
  await page.getByTestId('nav-login').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mailadres').fill('demo@hartklop.test');
  await page.getByLabel('Wachtwoord').fill('wrong password');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Login mislukt, probeer opnieuw');

  await page.getByLabel('Wachtwoord').fill('hartklop-demo');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('nav-login')).toHaveCount(0);
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('nav-login')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/logged-out/);
});
