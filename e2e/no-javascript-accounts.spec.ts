import sharp from 'sharp';
import { dismissEntryWarning, expect, siteUrl, test, uniqueEmail } from './support/fixtures.ts';

// Every account form is a plain HTML form posting to its route's action: nothing here runs a script.
test.use({ javaScriptEnabled: false, ownClientAddress: true, memberOptions: { loggedIn: false } });

test('without JavaScript a visitor signs up and answers the first steps', async ({
  page,
  context,
  baseURL,
  mailbox,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const email = uniqueEmail('zonderjs');
  await page.goto('/signup?ref=nojs');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Profielnaam').fill('@Kees');
  await page.getByLabel('Wachtwoord').fill('lang-en-sterk-wachtwoord-7');
  await page.getByLabel('Geboortedatum').fill('1985-06-30');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  // The server renders the page again with the spec's text at the field.
  await expect(page.locator('#signup-name-error')).toHaveText('Je profielnaam mag niet beginnen met een @');
  await page.getByLabel('Profielnaam').fill('Kees');
  await page.getByLabel('Wachtwoord').fill('lang-en-sterk-wachtwoord-7');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();

  await expect(page).toHaveURL(/\/complete-signup\?signup-complete=1$/);
  await expect(page.getByTestId('activation-reminder')).toContainText('Maak je profiel af: nog 4 stappen');
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 1 van 5');
  // The photo goes up as a plain multipart post to /profile/photos, which comes back here.
  await page
    .locator('#signup-photo')
    .setInputFiles({ name: 'nep.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('nee') });
  await page.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(page.getByTestId('complete-signup-error')).toHaveText(
    'Dit bestand kunnen we niet als foto gebruiken. Kies een JPEG-, PNG- of WebP-foto.',
  );
  const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#822d32' } })
    .jpeg()
    .toBuffer();
  await page.locator('#signup-photo').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(page.getByText('Je foto is toegevoegd.')).toBeVisible();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 2 van 5');
  await page.getByLabel('Ik ben', { exact: true }).selectOption('male');
  await page.getByLabel('Geaardheid').selectOption('gay');
  await page.getByLabel('Woonplaats').fill('Utrecht');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 3 van 5');
  expect((await (await page.request.get('/api/profile.php')).json()).profile).toMatchObject({
    gender: 'male',
    sexuality: 'gay',
    date_of_birth: '1985-06-30',
    city: 'Utrecht',
  });
  await page.getByRole('button', { name: 'Volgende' }).click();
  // Notifications need script: only "skip" is offered.
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 4 van 5');
  await expect(page.getByRole('button', { name: 'Ja, stuur me meldingen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Overslaan' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 5 van 5');
  const activationMails = await mailbox.count(email, '/api/activate.php');
  await page.getByRole('button', { name: 'Stuur de e-mail opnieuw' }).click();
  await expect(page.getByTestId('activation-resent')).toBeVisible();
  await expect.poll(() => mailbox.count(email, '/api/activate.php')).toBe(activationMails + 1);
  // The post was answered with a redirect: a reload asks the page again and mails nothing.
  await expect(page).toHaveURL(/\/activation-mail\?sent=1&back=%2Fcomplete-signup/);
  await page.reload();
  await expect(page.getByTestId('activation-resent')).toBeVisible();
  await page.getByRole('link', { name: 'Terug' }).click();
  await expect(page).toHaveURL(/\/complete-signup/);
  expect(await mailbox.count(email, '/api/activate.php')).toBe(activationMails + 1);
});

test('without JavaScript a new member on a site that reviews photos is told the photo waits for review', async ({
  page,
  baseURL,
}) => {
  // nopopup.localhost is no demo site: a new photo stays pending until it is reviewed.
  const site = siteUrl(baseURL!, 'nopopup.localhost');
  await page.goto(new URL('/signup', site).toString());
  await page.getByLabel('E-mailadres').fill(uniqueEmail('wacht'));
  await page.getByLabel('Profielnaam').fill('Wachtend');
  await page.getByLabel('Wachtwoord').fill('lang-en-sterk-wachtwoord-7');
  await page.getByLabel('Geboortedatum').fill('1985-06-30');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByTestId('signup-progress')).toHaveText('Stap 1 van 5');
  const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#2d5582' } })
    .jpeg()
    .toBuffer();
  await page.locator('#signup-photo').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(page.getByTestId('signup-photo-status')).toHaveText(
    'Je foto is toegevoegd en wordt zo snel mogelijk gecontroleerd.',
  );
});

test('without JavaScript a member logs in after a wrong password, asks for a reset link and changes a setting', async ({
  page,
  context,
  baseURL,
  member,
  mailbox,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/reset-password');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  expect(await mailbox.link(member.email, '/reset-password/do')).toMatch(/^\/reset-password\/do\?token=/);
  // Answered with a redirect: a reload shows the same and mails no second link.
  await expect(page).toHaveURL(/\/reset-password\?sent=1$/);
  await page.reload();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  expect(await mailbox.count(member.email, '/reset-password/do')).toBe(1);

  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Login mislukt, probeer opnieuw');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(member.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('body')).toHaveClass(/logged-in/);

  // Promotions are opt-in: off until the member ticks them.
  await page.goto('/settings#notifications');
  const notifications = page.locator('#notifications');
  const promotions = notifications.getByLabel('Aanbiedingen: E-mail');
  await expect(promotions).not.toBeChecked();
  await promotions.check();
  await notifications.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByTestId('notifications-status')).toHaveText('Opgeslagen.');
  await expect(page.locator('#notifications').getByLabel('Aanbiedingen: E-mail')).toBeChecked();
  const settings = (await (await page.request.get('/api/account-settings.php')).json()).settings;
  expect(settings.notifications.email).toMatchObject({ promotions: true, news: false, new_messages: true });

  // A refused password change comes back at its field.
  const password = page.locator('#password');
  await password.getByLabel('Huidig wachtwoord').fill('niet-het-wachtwoord');
  await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill('een-ander-sterk-wachtwoord-3');
  await password.getByLabel('Herhaal je nieuwe wachtwoord').fill('een-ander-sterk-wachtwoord-3');
  await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.locator('#settings-old-password-error')).toHaveText('Controleer je oude wachtwoord.');

  // A taken address is refused with the API's status (409), at its field.
  const emailForm = page.locator('#email');
  await emailForm.getByLabel('Nieuw e-mailadres').fill('demo@hartklop.test');
  await emailForm.getByLabel('Je huidige wachtwoord').fill(member.password);
  const [taken] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    emailForm.getByRole('button', { name: 'Bevestigingsmail sturen' }).click(),
  ]);
  expect(taken.status()).toBe(409);
  await expect(page.locator('#settings-new-email-error')).toHaveText(
    'Dit e-mailadres heeft al een account op deze site.',
  );

  // A new address gets its confirmation link once, whatever the reloads after.
  const newEmail = uniqueEmail('nieuw');
  await emailForm.getByLabel('Nieuw e-mailadres').fill(newEmail);
  await emailForm.getByLabel('Je huidige wachtwoord').fill(member.password);
  await emailForm.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(page).toHaveURL(/\/settings\?done=email&sent_to=.*#email$/);
  await expect(page.getByTestId('email-status')).toContainText(newEmail);
  await mailbox.link(newEmail, '/mail-change/do');
  await page.reload();
  await expect(page.getByTestId('email-status')).toContainText(newEmail);
  expect(await mailbox.count(newEmail, '/mail-change/do')).toBe(1);
});
