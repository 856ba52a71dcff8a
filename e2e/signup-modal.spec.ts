import { dismissEntryWarning, expect, test, uniqueEmail, waitUntilLive } from './support/fixtures.ts';

// The visitor signs up from an address of this test alone (the per-address signup limit).
test.use({ ownClientAddress: true });

test('on a desktop the signup modal keeps its errors over the page and then leads into the steps', async ({
  page,
  context,
  baseURL,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/pricing?signup=modal&ref=modal-test');
  await waitUntilLive(page);
  const modal = page.locator('#signup-modal');
  await modal.getByLabel('E-mailadres').fill(uniqueEmail('modal'));
  await modal.getByLabel('Profielnaam').fill('Roos');
  await modal.getByLabel('Wachtwoord').fill('kort');
  await modal.getByLabel('Geboortedatum').fill('1993-09-09');
  await modal.getByRole('button', { name: 'Account aanmaken' }).click();
  // Checked in the browser by the action's schema: the modal stays over the page it was opened on.
  await expect(modal.locator('#signup-password-error')).toHaveText(
    'Kies een sterker wachtwoord: minstens 8 tekens en niet je naam of e-mailadres.',
  );
  await expect(page).toHaveURL(/\/pricing\?signup=modal/);
  await modal.getByLabel('Wachtwoord').fill('rozen-in-de-tuin-31');
  await modal.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup\?signup-complete=1$/);
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 1 van 5');
  await expect(page.getByTestId('activation-reminder')).toContainText('Maak je profiel af: nog 4 stappen');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});
