import { expect, test, waitUntilLive } from './support/fixtures.ts';

// A member of this test alone, logged out: a wrong password counts against the account it is tried on.
test.use({ memberOptions: { loggedIn: false } });

test('a member logs in on a phone, sees the member navigation, and logs out', async ({ page, member }) => {
  await page.goto('/');
  // The entry warning shows to visitors; the member confirms it first.
  await page.getByRole('button', { name: 'Ik ben 18 jaar of ouder' }).click();
  await page.getByTestId('nav-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await waitUntilLive(page);

  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill('wrong password');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Login mislukt, probeer opnieuw');

  await page.getByLabel('Wachtwoord').fill(member.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  // A member's place is among the members, not on the marketing home page.
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText(member.name);
  await expect(page.getByTestId('nav-login')).toHaveCount(0);
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);

  await page.getByTestId('account-menu').locator('summary').click();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('nav-login')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/logged-out/);
});
