import sharp from 'sharp';
import { dismissEntryWarning, expect, test, uniqueEmail, waitUntilLive } from './support/fixtures.ts';

// The visitor signs up through the page, from an address of this test alone (the per-address signup limit).
test.use({ ownClientAddress: true });

test('a visitor signs up on a phone, is told what is left, answers the steps, confirms the mail and comes back to the steps, then logs in again, changes language, deletes and reactivates the account', async ({
  page,
  context,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(60_000); // the whole life of an account, from signup to reactivation
  await dismissEntryWarning(context, baseURL!);
  const email = uniqueEmail('nieuw');
  await page.goto('/?network=partner-7&sub1=banner');
  // On a phone the signup is the page /signup (spec).
  await page.getByTestId('home-signup').click();
  await expect(page).toHaveURL(/\/signup$/);
  // The address suggestion needs the page live (the home page before it ships no script).
  await waitUntilLive(page);
  const modal = page.getByTestId('signup-form');
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

  // Logged in, unconfirmed: on a phone the reminder opens as a modal and says what is left.
  const reminder = page.locator('#activation-reminder');
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText('Nog te doen');
  await expect(reminder.getByTestId('activation-todo')).toContainText('Maak je profiel af: nog 4 stappen');
  await expect(reminder.getByTestId('activation-todo')).toContainText(email);
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 1 van 5');
  await reminder.getByRole('button', { name: 'Stuur de e-mail opnieuw' }).click();
  await expect(reminder.getByTestId('activation-resent')).toHaveText('We hebben de e-mail opnieuw gestuurd.');
  await reminder.getByRole('button', { name: /Sluiten/ }).click();
  await expect(page.getByTestId('activation-reminder')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await expect(page.getByTestId('language-menu')).toHaveCount(0);

  // The steps: a photo, then who the member is, what they look for, their age and where they live.
  const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#d14470' } })
    .jpeg()
    .toBuffer();
  await page.locator('#signup-photo').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Je foto is toegevoegd.')).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 2 van 5');
  await expect(page.getByTestId('activation-todo')).toContainText('Maak je profiel af: nog 3 stappen');
  await expect(page.getByLabel('Geboortedatum')).toHaveValue('1992-04-12');
  await expect(page.getByLabel('Land')).toHaveValue('NL');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.locator('#signup-gender-error')).toHaveText('Maak een keuze.');
  await expect(page.locator('#signup-city-error')).toHaveText('Vul je woonplaats in.');
  await page.getByLabel('Ik ben', { exact: true }).selectOption('female');
  await page.getByLabel('Geaardheid').selectOption('hetero');
  await page.getByLabel('Geboortedatum').fill('1991-04-12');
  await page.getByLabel('Regio').selectOption('NL-NH');
  await page.getByLabel('Woonplaats').fill('Haarlem');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 3 van 5');
  const profile = (await (await page.request.get('/api/profile.php')).json()).profile;
  expect(profile).toMatchObject({
    gender: 'female',
    sexuality: 'hetero',
    date_of_birth: '1991-04-12',
    country: 'NL',
    region: 'NL-NH',
    city: 'Haarlem',
  });
  await page.getByLabel('Over mij', { exact: true }).fill('Ik hou van de zee en lange wandelingen.');
  await page.getByText('Reizen', { exact: true }).click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 4 van 5');
  await page.getByRole('button', { name: 'Nee, liever niet' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  // Only the confirmation is left now.
  await expect(page.getByTestId('activation-reminder')).toContainText('Nog één stap: bevestig je e-mailadres');

  // The mail arrives in the local mailbox within seconds; its link leads back into the steps.
  const link = await mailbox.link(email, '/api/activate.php');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Je account is geactiveerd' })).toBeVisible();
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ga verder met stap 5 van 5' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  await expect(page.getByText('Je e-mailadres is bevestigd.')).toBeVisible();
  await page.getByRole('button', { name: 'Bekijk je eerste matches' }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByTestId('signup-matches').locator('.member-card').first()).toBeVisible();

  await page.getByTestId('account-menu').locator('summary').click();
  await page.getByTestId('nav-logout').click();
  await page.getByTestId('nav-login').click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('zomer-aan-zee-42');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('account-menu')).toContainText('Lotte');

  // The language choice is kept on the account.
  await page.getByTestId('language-menu').locator('summary').click();
  await page.getByTestId('language-menu').locator('button[value="GB:en"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(async () => {
    expect((await (await page.request.get('/api/user.php')).json()).user.language).toBe('en');
  }).toPass({ timeout: 5000 });
  await page.getByTestId('language-menu').locator('summary').click();
  await page.getByTestId('language-menu').locator('button[value="NL:nl"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // A used link does not work twice.
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole('heading', { name: 'Activeren mislukt' })).toBeVisible();
  await expect(
    page.getByText('Er is iets mis gegaan, neem contact op met support@hartklop.test voor hulp'),
  ).toBeVisible();

  // Delete the account on /settings; the alternatives are offered first.
  await page.goto('/settings#delete');
  const deletion = page.locator('#delete');
  await deletion.getByText('Account verwijderen…').click();
  await expect(deletion.getByRole('button', { name: 'Onzichtbaar worden' })).toBeVisible();
  // The demo company offers 50% to stay: a personal code, shown at once.
  await expect(deletion.getByText('Blijf en krijg 50% korting op je volgende aankoop van credits.')).toBeVisible();
  await deletion.getByRole('button', { name: 'Korting ontvangen' }).click();
  await expect(deletion.getByTestId('delete-discount')).toContainText(
    /Je kortingscode is BLIJF-[A-Z2-9]{8}: 50% korting/,
  );
  await deletion.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(deletion.getByText('Kies waarom je je account wilt verwijderen.')).toBeVisible();
  await deletion.getByLabel('Waarom wil je je account verwijderen?').selectOption('found_partner');
  await deletion.getByLabel('Je wachtwoord ter bevestiging').fill('zomer-aan-zee-42');
  await deletion.getByRole('button', { name: 'Definitief verwijderen' }).click();
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
