import type { Locator, Page } from '@playwright/test';
import { dismissEntryWarning, expect, test, waitUntilLive } from './support/fixtures.ts';

// A fresh member each test (the fixture's: a straight woman in the Netherlands), so that the four 'Ja' of the day
// are this test's own and no demo account's allowance is spent.

/** Drags the card sideways with a finger: touch events through the DevTools protocol, as a phone sends them. */
async function swipeByTouch(page: Page, card: Locator, distance: number) {
  const box = (await card.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 12; step++) {
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (distance * step) / 12, y }],
    });
  }
  // Under the finger the card moves by transform alone, on its own layer.
  await expect(card).toHaveClass(/is-dragging/);
  await expect(card).toHaveAttribute('style', /transform: translate3d\(\d+px, 0px, 0px\) rotate\(/);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
}

test('a member says Ja four times by swipe, arrow key and button, runs out of likes, and Nee still works', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  // The members page leads to the game.
  await page.goto('/members');
  await waitUntilLive(page);
  await page.getByRole('link', { name: 'Swipe game' }).click();
  await expect(page).toHaveURL(/\/swipe-game$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Swipe game' })).toBeVisible();

  const card = page.getByTestId('swipe-card');
  const counter = page.getByTestId('swipe-likes-left');
  const yes = page.getByRole('button', { name: 'Ja', exact: true });
  const no = page.getByRole('button', { name: 'Nee', exact: true });
  await expect(counter).toHaveText('Nog 4 likes vandaag');
  await expect(card.getByRole('heading', { level: 2 })).toContainText(' jaar');
  expect(await card.evaluate((element) => getComputedStyle(element).touchAction)).toBe('pan-y');
  const yesBox = (await yes.boundingBox())!;
  expect(Math.min(yesBox.width, yesBox.height)).toBeGreaterThanOrEqual(56);

  /** Answers the top card with `act` and waits until the next card is on top. */
  async function answerTopCard(act: () => Promise<unknown>) {
    const profile = await card.getAttribute('data-profile');
    await act();
    await expect(card).not.toHaveAttribute('data-profile', profile!);
    return Number(profile);
  }

  // A short drag springs back and answers nothing.
  const kept = await card.getAttribute('data-profile');
  await swipeByTouch(page, card, 30);
  await expect(card).toHaveAttribute('data-profile', kept!);
  await expect(counter).toHaveText('Nog 4 likes vandaag');

  const liked = [await answerTopCard(() => swipeByTouch(page, card, 260))];
  await expect(counter).toHaveText('Nog 3 likes vandaag');
  liked.push(await answerTopCard(() => page.keyboard.press('ArrowRight')));
  await expect(counter).toHaveText('Nog 2 likes vandaag');
  liked.push(await answerTopCard(() => yes.click()));
  await expect(counter).toHaveText('Nog 1 like vandaag');
  liked.push(await answerTopCard(() => yes.click()));

  await expect(counter).toHaveText('Geen likes meer vandaag');
  await expect(yes).toBeDisabled();
  await expect(page.getByTestId('swipe-reset')).toHaveText(
    /^(Vandaag|Morgen) vanaf \d\d:\d\d kun je weer 4 keer ‘Ja’ zeggen\. ‘Nee’ kan altijd\.$/,
  );
  // The arrow key for 'Ja' does nothing now.
  const waiting = await card.getAttribute('data-profile');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Geen likes meer vandaag');
  await expect(card).toHaveAttribute('data-profile', waiting!);

  const refused = await answerTopCard(() => no.click());
  await answerTopCard(() => page.keyboard.press('ArrowLeft'));

  // The server counted the same: four likes given, none left, and the fifth 'Ja' is refused.
  await expect
    .poll(async () =>
      (await (await page.request.get('/api/likes.php')).json()).profiles.map((p: { id: number }) => p.id),
    )
    .toEqual(expect.arrayContaining(liked));
  const game = await (await page.request.get('/api/swipe.php')).json();
  expect(game.likes_left).toBe(0);
  expect(game.profiles.map((p: { id: number }) => p.id)).not.toContain(refused);
  const fifth = await page.request.post('/api/swipe.php', {
    headers: { 'x-request-type': 'client' },
    data: { profile: game.profiles[0].id, answer: 'yes' },
  });
  expect(fifth.status()).toBe(429);
  expect((await fifth.json()).error).toBe('swipe_limit_reached');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Ja and Nee buttons post the form and the next card shows', async ({
    page,
    context,
    baseURL,
    member: _member,
  }) => {
    await dismissEntryWarning(context, baseURL!);
    await page.goto('/swipe-game');
    const card = page.getByTestId('swipe-card');
    const counter = page.getByTestId('swipe-likes-left');
    await expect(counter).toHaveText('Nog 4 likes vandaag');

    const first = await card.getAttribute('data-profile');
    await page.getByRole('button', { name: 'Ja', exact: true }).click();
    // Back on the game.
    await expect(page).toHaveURL(/\/swipe-game$/);
    await expect(card).not.toHaveAttribute('data-profile', first!);
    await expect(counter).toHaveText('Nog 3 likes vandaag');

    const second = await card.getAttribute('data-profile');
    await page.getByRole('button', { name: 'Nee', exact: true }).click();
    await expect(page).toHaveURL(/\/swipe-game$/);
    await expect(card).not.toHaveAttribute('data-profile', second!);
    await expect(counter).toHaveText('Nog 3 likes vandaag');
  });
});

test('a visitor is sent to log in first', async ({ page, context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/swipe-game');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fswipe-game$/);
});
