import { randomInt } from 'node:crypto';
import { dismissEntryWarning, expect, signUpMember, test, waitUntilLive } from './support/fixtures.ts';
import { takeScreenshots } from './support/screenshots.ts';

const client = { 'x-request-type': 'client' };

test('a member finds a new like on the notifications page, unread once and read on the next view', async ({
  page,
  context,
  browser,
  baseURL,
  playwright,
  mailbox,
  member,
}) => {
  test.setTimeout(90_000);
  await dismissEntryWarning(context, baseURL!);
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      ...client,
      'x-forwarded-for': `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  try {
    const liker = await signUpMember(api, mailbox);
    const liked = await api.post('/api/like.php', { headers: client, data: { profile: member.profileId } });
    expect(liked.status()).toBe(200);

    // From the account menu, as a member finds the page.
    await page.goto('/members');
    await waitUntilLive(page);
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByTestId('nav-notifications').click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page).toHaveTitle(/Meldingen · /);

    // Newest first: the like, then the welcome credits of the member's signup.
    const entries = page.getByTestId('notification');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toHaveAttribute('data-kind', 'credits');
    const entry = entries.first();
    await expect(entry).toHaveAttribute('data-kind', 'like');
    await expect(entry).toHaveAttribute('data-unread', 'true');
    await expect(entry.getByTestId('notification-unread')).toHaveText('Nieuw');
    // A received like names nobody here: the likes page shows whom the member may see.
    await expect(entry).not.toContainText(liker.name);
    await expect(entry.getByTestId('notification-link')).toHaveText('Iemand vindt je leuk');
    await expect(entry.getByTestId('notification-link')).toHaveAttribute('href', '/likes');
    await expect(entry.locator('time')).toHaveText(/^(nu|\d+ minuten? geleden)$/);
    await takeScreenshots(page, 'notifications');

    // The first view marked it read.
    await page.reload();
    await waitUntilLive(page);
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toHaveAttribute('data-kind', 'like');
    await expect(entries.first()).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('notification-unread')).toHaveCount(0);

    await entries.first().getByTestId('notification-link').click();
    await expect(page).toHaveURL(/\/likes$/);

    // A visitor is sent to log in first.
    const visitor = await browser.newContext({ baseURL });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto('/notifications');
      await expect(visitorPage).toHaveURL(/\/login\?redirect=%2Fnotifications$/);
    } finally {
      await visitor.close();
    }
  } finally {
    await api.dispose();
  }
});
