import { type APIRequestContext, expect, test } from '@playwright/test';
import { dismissEntryWarning } from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };

/**
 * The newest link to `path` in the local mailbox of an address, as a path: mails carry the site's configured origin,
 * which is not where this test server listens.
 */
async function mailedLink(request: APIRequestContext, to: string, path: string) {
  let link = '';
  await expect(async () => {
    const mails: { text: string }[] = (
      await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()
    ).mails;
    const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`);
    link = mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('a member changes the e-mail address with the password; the old address can undo it and lock the account', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // A long journey: three browsers, four mails and several password hashes.
  test.setTimeout(60_000);
  await dismissEntryWarning(context, baseURL!);
  const stamp = Date.now();
  const oldEmail = `oud-${stamp}@example.com`;
  const newEmail = `nieuw-${stamp}@example.com`;
  const password = 'mijn-geheime-wachtwoord-1';
  const signup = await page.request.post('/api/signup.php', {
    headers: client,
    data: { email: oldEmail, name: `wissel${stamp % 100000}`, password, date_of_birth: '1990-05-05' },
  });
  expect(signup.status()).toBe(200);

  // Another device of the same member.
  const phone = await browser.newContext({ baseURL });
  const phoneLogin = await phone.request.post('/api/user.php', {
    headers: client,
    data: { email: oldEmail, password },
  });
  expect(phoneLogin.status()).toBe(200);

  await page.goto('/profile#settings');
  // The settings forms post through the API once the page is live.
  await page.waitForLoadState('networkidle');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'E-mailadres wijzigen' }) });
  await section.getByLabel('Nieuw e-mailadres').fill(newEmail);
  await section.getByLabel('Je huidige wachtwoord').fill('niet-mijn-wachtwoord');
  await section.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(section.getByText('Controleer je oude wachtwoord.')).toBeVisible();
  await section.getByLabel('Je huidige wachtwoord').fill(password);
  await section.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(section.getByTestId('email-status')).toContainText(newEmail);

  await page.goto(await mailedLink(page.request, newEmail, '/mail-change/do'));
  await expect(page.getByRole('heading', { name: 'Je e-mailadres is gewijzigd' })).toBeVisible();
  await expect(page.getByText('Op je andere apparaten ben je uitgelogd.')).toBeVisible();
  expect((await phone.request.get('/api/user.php')).status()).toBe(403);
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(newEmail);
  await phone.close();

  // The old address got a notice; its link asks before it does anything, and works without JavaScript.
  const undoLink = await mailedLink(page.request, oldEmail, '/mail-change/undo');
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
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Mijn oude e-mailadres terugzetten' }).click();
  await expect(page.getByTestId('mail-change-undo-error')).toContainText('Deze link is verlopen of al gebruikt.');
  await expect(page.getByTestId('mail-change-undo-error')).toContainText('support@hartklop.test');

  await page.goto(resetPath!);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('weer-helemaal-van-mij-2');
  await page.getByLabel('Herhaal je nieuwe wachtwoord').fill('weer-helemaal-van-mij-2');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(oldEmail);
});
