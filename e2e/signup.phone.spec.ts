import sharp from 'sharp';
import { dismissEntryWarning, expect, test, uniqueEmail } from './support/fixtures.ts';

// The visitor signs up through the page, from an address of this test alone (the per-address signup limit).
test.use({ ownClientAddress: true });

test('a visitor signs up on a phone, confirms the mail, logs in again, changes language, deletes and reactivates the account', async ({
  page,
  context,
  baseURL,
  mailbox,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const email = uniqueEmail('nieuw');
  await page.goto('/?network=partner-7&sub1=banner');
  await page.getByTestId('home-signup').click();
  const modal = page.locator('#signup-modal');
  await expect(modal).toBeVisible();

  // Mistakes get the spec's texts.
  await modal.getByLabel('E-mailadres').fill(`${email.split('@')[0]}@gmial.com`);
  await modal.getByLabel('Profielnaam').click();
  await expect(modal.getByTestId('email-suggestion')).toContainText('gmail.com');
  await modal.getByLabel('Profielnaam').fill('@lotte');
  await modal.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(modal.getByText('Je profielnaam mag niet beginnen met een @')).toBeVisible();
  await expect(modal.getByText('Vul uw geboortedatum in (18+ jaar)')).toBeVisible();

  await modal.getByLabel('E-mailadres').fill(email);
  await modal.getByLabel('Profielnaam').fill('Lotte');
  await modal.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await modal.getByLabel('Geboortedatum').fill('1992-04-12');
  await modal.getByRole('button', { name: 'Account aanmaken' }).click();

  // Logged in, unconfirmed: on a phone the reminder opens as a modal.
  await expect(page.locator('#activation-reminder')).toBeVisible();
  await expect(page.locator('#activation-reminder')).toContainText(email);
  await page
    .locator('#activation-reminder')
    .getByRole('button', { name: /Sluiten/ })
    .click();
  await expect(page.getByTestId('activation-reminder')).toBeVisible();

  // The mail arrives in the local mailbox within seconds.
  const link = await mailbox.link(email, '/api/activate.php');

  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Je account is geactiveerd' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);

  // The five steps of complete-signup, then the first matches.
  await page.goto('/complete-signup');
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 1 van 5');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
  const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#d14470' } })
    .jpeg()
    .toBuffer();
  await page.locator('#signup-photo').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Je foto is toegevoegd.')).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 2 van 5');
  await page.getByLabel('Ik ben', { exact: true }).selectOption('female');
  await page.getByLabel('Geaardheid').selectOption('hetero');
  await page.getByLabel('Ik ben hier voor').selectOption('dating');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 3 van 5');
  await page.getByLabel('Over mij', { exact: true }).fill('Ik hou van de zee en lange wandelingen.');
  await page.getByText('Reizen', { exact: true }).click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 4 van 5');
  await page.getByRole('button', { name: 'Nee, liever niet' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  await expect(page.getByText('Je e-mailadres is bevestigd.')).toBeVisible();
  await page.getByRole('button', { name: 'Bekijk je eerste matches' }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByTestId('signup-matches').locator('.member-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByTestId('nav-logout').click();
  await page.getByTestId('nav-login').click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('account-menu')).toContainText('Lotte');

  // The language choice is kept on the account.
  await page.getByRole('button', { name: 'Taal kiezen' }).click();
  await page.getByTestId('language-menu').locator('[data-country="GB"][data-locale="en"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(async () => {
    expect((await (await page.request.get('/api/user.php')).json()).user.language).toBe('en');
  }).toPass({ timeout: 5000 });
  await page.getByRole('button', { name: 'Choose language' }).click();
  await page.getByTestId('language-menu').locator('[data-country="NL"][data-locale="nl"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // A used link does not work twice.
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole('heading', { name: 'Activeren mislukt' })).toBeVisible();
  await expect(
    page.getByText('Er is iets mis gegaan, neem contact op met support@hartklop.test voor hulp'),
  ).toBeVisible();

  // Delete the account; the alternatives are offered first.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account verwijderen…' }).click();
  const dialog = page.locator('#delete-account-modal');
  await expect(dialog.getByRole('button', { name: 'Onzichtbaar worden' })).toBeVisible();
  // The demo company offers 50% to stay: a personal code, shown at once.
  await expect(dialog.getByText('Blijf en krijg 50% korting op je volgende aankoop van credits.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Korting ontvangen' }).click();
  await expect(dialog.getByTestId('delete-discount')).toContainText(
    /Je kortingscode is BLIJF-[A-Z2-9]{8}: 50% korting/,
  );
  await dialog.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(dialog.getByText('Kies waarom je je account wilt verwijderen.')).toBeVisible();
  await dialog.getByLabel('Waarom wil je je account verwijderen?').selectOption('found_partner');
  await dialog.getByLabel('Je wachtwoord ter bevestiging').fill('zomer-aan-zee-42');
  await dialog.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.locator('body')).toHaveClass(/logged-out/);

  // Reactivate from the mail within 14 days.
  await page.goto(await mailbox.link(email, '/api/reactivate.php'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('account-menu')).toContainText('Lotte');
});

test('members-only pages send a visitor to the login and back after it', async ({ page, context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.getByLabel('E-mailadres').fill('premium@hartklop.test');
  await page.getByLabel('Wachtwoord').fill('hartklop-demo');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Mijn foto’s' })).toBeVisible();
});
