import { dismissEntryWarning, expect, test, uniqueEmail, waitUntilLive } from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };

test('a member changes the e-mail address with the password; the old address can undo it and lock the account', async ({
  page,
  context,
  browser,
  baseURL,
  member,
  mailbox,
}) => {
  // A long journey: three browsers, four mails and several password hashes.
  test.setTimeout(60_000);
  await dismissEntryWarning(context, baseURL!);
  const { email: oldEmail, password } = member;
  const newEmail = uniqueEmail('nieuw');

  // Another device of the same member.
  const phone = await browser.newContext({ baseURL });
  const phoneLogin = await phone.request.post('/api/user.php', {
    headers: client,
    data: { email: oldEmail, password },
  });
  expect(phoneLogin.status()).toBe(200);

  await page.goto('/settings#email');
  // Once the page is live the section's form is sent in place and keeps its answer there.
  await waitUntilLive(page);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'E-mailadres wijzigen' }) });
  await section.getByLabel('Nieuw e-mailadres').fill(newEmail);
  await section.getByLabel('Je huidige wachtwoord').fill('niet-mijn-wachtwoord');
  await section.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(section.getByText('Controleer je oude wachtwoord.')).toBeVisible();
  await section.getByLabel('Je huidige wachtwoord').fill(password);
  await section.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(section.getByTestId('email-status')).toContainText(newEmail);

  // The link only asks; the button confirms (a mail scanner opening the link changes nothing).
  await page.goto(await mailbox.link(newEmail, '/mail-change/do'));
  await expect(page.getByRole('heading', { name: 'Bevestig je nieuwe e-mailadres' })).toBeVisible();
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(oldEmail);
  await page.getByRole('button', { name: 'E-mailadres bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Je e-mailadres is gewijzigd' })).toBeVisible();
  await expect(page.getByText('Op je andere apparaten ben je uitgelogd.')).toBeVisible();
  expect((await phone.request.get('/api/user.php')).status()).toBe(403);
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(newEmail);
  await phone.close();

  // The old address got a notice; its link asks before it does anything, and works without JavaScript.
  const undoLink = await mailbox.link(oldEmail, '/mail-change/undo');
  const mailClient = await browser.newContext({ baseURL, javaScriptEnabled: false });
  // No adult-content warning stands in the way of an account's owner coming from a mail.
  const plain = await mailClient.newPage();
  await plain.goto(undoLink);
  await expect(plain.getByRole('heading', { name: 'Wijziging van je e-mailadres ongedaan maken' })).toBeVisible();
  await expect(plain.locator('#site-entry-warning')).toHaveCount(0);
  await plain.getByRole('button', { name: 'Mijn oude e-mailadres terugzetten' }).click();
  await expect(plain.getByRole('heading', { name: 'Je oude e-mailadres is terug' })).toBeVisible();
  const resetPath = await plain.getByRole('link', { name: 'Nieuw wachtwoord kiezen' }).getAttribute('href');
  await mailClient.close();
  expect(resetPath).toMatch(/^\/reset-password\/do\?token=/);
  expect((await page.request.get('/api/user.php')).status()).toBe(403);

  // Used again, with JavaScript this time: refused.
  await page.goto(undoLink);
  await waitUntilLive(page);
  await page.getByRole('button', { name: 'Mijn oude e-mailadres terugzetten' }).click();
  await expect(page.getByTestId('mail-change-undo-error')).toContainText('Deze link is verlopen of al gebruikt.');
  await expect(page.getByTestId('mail-change-undo-error')).toContainText('support@hartklop.test');

  await page.goto(resetPath!);
  await waitUntilLive(page);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('weer-helemaal-van-mij-2');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('weer-helemaal-van-mij-2');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(oldEmail);
});
