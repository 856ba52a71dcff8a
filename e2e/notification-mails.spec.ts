import { demoAccounts, demoPassword } from '../apps/server/src/seed/demo-site.ts';
import { dismissEntryWarning, expect, test, waitUntilLive } from './support/fixtures.ts';
import { takeScreenshots } from './support/screenshots.ts';

const client = { 'x-request-type': 'client' };

test('a member away from the site gets a mail, stops that kind from its link without JavaScript, unsubscribes in one click, and switches mail back on', async ({
  page,
  context,
  browser,
  playwright,
  baseURL,
  member,
  mailbox,
}) => {
  test.setTimeout(60_000);
  // Another member writes while this one has no page open (not looking): the mail follows after its short wait.
  const writer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: client });
  const login = await writer.post('/api/user.php', { data: { email: demoAccounts[1].email, password: demoPassword } });
  expect(login.status()).toBe(200);
  const sent = await writer.post('/api/messages.php', {
    data: { profile: member.profileId, type: 'message', text: 'Hoi!', client_id: `mail-journey-${Date.now()}` },
  });
  expect(sent.status()).toBe(200);
  await writer.dispose();
  const link = await mailbox.link(member.email, '/unsubscribe');
  const token = new URL(link, baseURL).searchParams.get('token')!;

  // The mail's link, opened by a mail program's browser: it asks first and works without JavaScript.
  const mailClient = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await mailClient.newPage();
  await plain.goto(link);
  await expect(plain.getByRole('heading', { name: 'Afmelden voor e-mails' })).toBeVisible();
  await expect(plain.getByText('Je ontvangt dan geen e-mails meer over nieuwe gesprekken.')).toBeVisible();
  await expect(plain.locator('#site-entry-warning')).toHaveCount(0);
  await takeScreenshots(plain, 'unsubscribe');
  const settingsBefore = await (await page.request.get('/api/account-settings.php')).json();
  expect(settingsBefore.settings.notifications.email.new_conversations).toBe(true);
  await plain.getByRole('button', { name: 'Afmelden' }).click();
  await expect(plain.getByRole('heading', { name: 'Je bent afgemeld' })).toBeVisible();
  await takeScreenshots(plain, 'unsubscribe-done');
  const settingsAfter = (await (await page.request.get('/api/account-settings.php')).json()).settings.notifications;
  expect(settingsAfter.email).toMatchObject({ new_conversations: false, new_messages: true, like: true });

  // A link that was tampered with says so, in words.
  await plain.goto(`/unsubscribe?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
  await expect(plain.getByRole('heading', { name: 'Deze afmeldlink werkt niet' })).toBeVisible();
  await mailClient.close();

  // The mail program's one-click unsubscribe (RFC 8058): no cookie, no client header.
  const mailProgram = await playwright.request.newContext({ baseURL });
  const unsubscribeOneClick = async () => {
    const answer = await mailProgram.post(`/api/unsubscribe.php?token=${token}`, {
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(answer.status()).toBe(200);
  };
  await unsubscribeOneClick();

  // On the site the alert says why no mails come and switches them back on, without JavaScript too.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await dismissEntryWarning(noScript, baseURL!);
  await noScript.addCookies(await context.cookies());
  const plainPage = await noScript.newPage();
  await plainPage.goto('/members');
  const plainAlert = plainPage.getByTestId('mail-alert');
  await expect(plainAlert).toContainText('We sturen je geen e-mails meer');
  await expect(plainAlert).toContainText('Je hebt je via je e-mailprogramma afgemeld.');
  await takeScreenshots(plainPage, 'mail-alert');
  const mailsBefore = await mailbox.count(member.email, '/settings');
  await plainAlert.getByRole('button', { name: 'Zet e-mails weer aan' }).click();
  await expect(plainPage.getByTestId('mail-enabled')).toContainText('Je e-mails staan weer aan.');
  await expect(plainPage.getByTestId('mail-alert')).toHaveCount(0);
  expect(new URL(plainPage.url()).pathname).toBe('/members');
  expect((await (await plainPage.request.get('/api/user.php')).json()).user.notifications_disabled).toEqual([]);
  // The address is checked again with a mail.
  await expect.poll(() => mailbox.count(member.email, '/settings')).toBeGreaterThan(mailsBefore);
  await noScript.close();

  // Stopped again: with JavaScript the alert can be closed, and comes back after a week.
  await unsubscribeOneClick();
  await mailProgram.dispose();
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/members');
  await waitUntilLive(page);
  const alert = page.getByTestId('mail-alert');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Sluiten' }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await waitUntilLive(page);
  await expect(page.getByTestId('mail-alert')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('mail-alert-dismissed', String(Date.now() - 8 * 24 * 3_600_000)));
  await page.reload();
  await waitUntilLive(page);
  await page.getByTestId('mail-alert').getByRole('button', { name: 'Zet e-mails weer aan' }).click();
  await expect(page.getByTestId('mail-enabled')).toBeVisible();
  await expect(page.getByTestId('mail-alert')).toHaveCount(0);
});
