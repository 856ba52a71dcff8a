import { randomBytes } from 'node:crypto';
import { formatCountdown } from '@app/shared/credits/time-bonus';
import { expect, type Page, test, uniqueEmail, waitUntilLive } from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };
const windowMs = 14_400_000;

/**
 * Signs a new member up with the page's own cookies (logged in at once), from the test's own client address. Not
 * activated: the member has no credits yet, as right after signup.
 */
async function signUpFresh(page: Page, clientAddress: string) {
  const answer = await page.request.post('/api/signup.php', {
    headers: { ...client, 'x-forwarded-for': clientAddress },
    data: {
      email: uniqueEmail('bonus'),
      name: `Fleur ${randomBytes(3).toString('hex')}`,
      password: 'Zonnebloem-Kanaal-1987!',
      date_of_birth: '1990-05-05',
    },
  });
  expect(answer.status(), 'POST /api/signup.php').toBe(200);
  const { user } = (await answer.json()) as { user: { signup_date: string; credits: number; profile: { id: number } } };
  expect(user.credits).toBe(0);
  return { profileId: user.profile.id, bonusEnd: Date.parse(user.signup_date) + windowMs };
}

async function logIn(page: Page, email: string) {
  const answer = await page.request.post('/api/user.php', {
    headers: client,
    data: { email, password: 'hartklop-demo' },
  });
  expect(answer.status(), 'POST /api/user.php').toBe(200);
}

/** The countdown at a moment of the page's clock (the server's too: one machine): whole seconds left, rounded up. */
function countdownAt(bonusEnd: number, now: number) {
  return formatCountdown(Math.ceil((bonusEnd - now) / 1_000));
}

test('a fresh signup sees the welcome bonus count down, and the time-bonus modal 40 s into the members area, once', async ({
  page,
  clientAddress,
}) => {
  const { profileId, bonusEnd } = await signUpFresh(page, clientAddress);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // No auto-like here: its like modal may come 40 to 60 s in as well, and the time bonus would wait for it to close.
  await page.addInitScript((key) => window.localStorage.setItem(key, String(Date.now())), `auto-like-at:${profileId}`);
  await page.clock.install();
  await page.goto('/members');

  const banner = page.getByTestId('time-bonus-banner');
  await expect(banner).toContainText('25% welkomstbonus op je eerste credits');
  await expect(banner).toContainText('Pak je bonus');
  await expect(banner).toHaveAttribute('href', '/credits');
  const countdown = banner.getByTestId('time-bonus-countdown');
  await expect(countdown).toHaveText(/^0[34]:[0-5]\d:[0-5]\d$/);
  await waitUntilLive(page);
  // The browser's countdown is live once it has stepped on from what the server rendered.
  const rendered = await countdown.textContent();
  await expect(countdown).not.toHaveText(rendered!);

  // From here the page's clock moves only when the test says: each second of it is one step of the countdown.
  const pausedAt = Date.now() + 1_000;
  await page.clock.pauseAt(pausedAt);
  await expect(countdown).toHaveText(countdownAt(bonusEnd, pausedAt));
  await page.clock.runFor(1_000);
  await expect(countdown).toHaveText(countdownAt(bonusEnd, pausedAt + 1_000));
  await page.clock.runFor(3_000);
  await expect(countdown).toHaveText(countdownAt(bonusEnd, pausedAt + 4_000));

  // Not yet 40 s after entering the members area: no modal. Then it opens, with the focus inside it.
  const modal = page.getByRole('dialog', { name: '25% welkomstbonus' });
  await page.clock.runFor(26_000);
  await expect(modal).toHaveCount(0);
  await page.clock.runFor(14_000);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Welkom! Koop nu je eerste credits met 25% korting.');
  await expect(modal.getByTestId('time-bonus-modal-valid')).toHaveText(
    `Deze aanbieding is nog ${countdownAt(bonusEnd, pausedAt + 44_000)} geldig.`,
  );
  await expect(modal).toContainText('Je credits staan direct op je account.');
  await expect(modal).toContainText('de bonus geldt alleen in de eerste 4 uur na je aanmelding');
  const buy = modal.getByRole('link', { name: 'Credits kopen' });
  await expect(buy).toHaveAttribute('href', '/credits');
  await expect(buy).toBeFocused();
  await page.clock.runFor(2_000);
  await expect(modal.getByTestId('time-bonus-modal-valid')).toContainText(countdownAt(bonusEnd, pausedAt + 46_000));

  // Closing it stores when (as the other dismissals do); the next page of the members area keeps it closed.
  await modal.getByRole('button', { name: 'Sluiten' }).click();
  await expect(modal).toHaveCount(0);
  const dismissedAt = await page.evaluate(() => window.localStorage.getItem('time-bonus-modal-dismissed'));
  expect(Number(dismissedAt)).toBeGreaterThanOrEqual(pausedAt + 46_000);

  await page.clock.resume();
  await page.goto('/likes');
  await expect(page.getByTestId('time-bonus-banner')).toBeVisible();
  await waitUntilLive(page);
  // The page's clock is 46 s ahead of the test's now.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.clock.runFor(45_000);
  await expect(page.getByTestId('time-bonus-banner')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '25% welkomstbonus' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a member long past the first 4 hours sees neither the banner nor the modal', async ({ page }) => {
  // The free demo member signed up long ago and has no credits.
  await logIn(page, 'demo@hartklop.test');
  const welcome = await page.request.get('/api/discountcode.php?welcome=true', { headers: client });
  expect(welcome.status()).toBe(404);
  await page.clock.install();
  await page.goto('/members');
  await waitUntilLive(page);
  await expect(page.getByRole('heading', { name: 'Leden zoeken' })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.clock.runFor(45_000);
  await expect(page.getByTestId('time-bonus-banner')).toHaveCount(0);
  await expect(page.locator('#time-bonus-modal')).toHaveCount(0);
});

test('a paying member whose credits run out gets the credit alert, with the way to buy more', async ({ page }) => {
  await logIn(page, 'bijna-op@hartklop.test');
  await page.clock.install();
  await page.goto('/members');
  await waitUntilLive(page);
  await expect(page.getByTestId('credit-alert')).toHaveCount(0);

  // The balance reaches 0 elsewhere (the last message sent from another tab): the next refresh of the user says so.
  await page.route('**/api/user.php', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    await route.fulfill({ response, json: { ...answer, user: { ...answer.user, credits: 0 } } });
  });
  await page.clock.runFor(6_000);
  const alert = page.getByTestId('credit-alert');
  await expect(alert).toContainText('Je credits zijn op. Koop nieuwe credits om verder te chatten.');
  await expect(alert.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
  await expect(page.getByTestId('time-bonus-banner')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the welcome-bonus banner is on the page with the time left and its link', async ({ page, clientAddress }) => {
    const { bonusEnd } = await signUpFresh(page, clientAddress);
    const before = Date.now();
    await page.goto('/members');
    const after = Date.now();
    // In its place under the navigation, not held back for a script to reveal.
    const banner = page.locator('.top-nav + .time-bonus-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('25% welkomstbonus op je eerste credits');
    await expect(banner).toHaveAttribute('href', '/credits');
    const [hours, minutes, seconds] = (await banner.getByTestId('time-bonus-countdown').textContent())!
      .split(':')
      .map(Number);
    const shown = hours! * 3_600 + minutes! * 60 + seconds!;
    expect(shown).toBeLessThanOrEqual(Math.ceil((bonusEnd - before) / 1_000));
    expect(shown).toBeGreaterThanOrEqual(Math.ceil((bonusEnd - after) / 1_000));
  });
});
