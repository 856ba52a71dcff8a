import { dismissEntryWarning, expect, test } from './support/fixtures.ts';

// A member of this test alone, logged out: the journey changes the password.
test.use({ memberOptions: { loggedIn: false } });

test('a member who forgot the password sets a new one through the mailed link', async ({
  page,
  context,
  baseURL,
  member,
  mailbox,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const email = member.email;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('niemand@example.com');
  await page.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(page.getByText('E-mailadres niet gevonden')).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  const link = await mailbox.link(email, '/reset-password/do');
  await page.goto(link);
  // No entry warning on the reset pages, even for a visitor who never closed it.
  await context.clearCookies({ name: 'entry_warning_dismissed' });
  await page.reload();
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);

  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('een-heel-nieuw-wachtwoord');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('een-ander-wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeVisible();
  // A password from the lists of leaked passwords is refused at its field; the link stays usable.
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Welkom01!');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('Welkom01!');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.locator('#reset-password-error')).toHaveText(
    'Dit wachtwoord is te makkelijk te raden of komt voor in lijsten van gelekte wachtwoorden. Kies een ander wachtwoord.',
  );
  await expect(page.getByTestId('reset-error')).toHaveCount(0);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('een-heel-nieuw-wachtwoord');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('een-heel-nieuw-wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.locator('body')).toHaveClass(/logged-in/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord' })).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nog-een-wachtwoord-9');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('nog-een-wachtwoord-9');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('Link verlopen of invalide, vraag een nieuwe e-mail aan');
});
