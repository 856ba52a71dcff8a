import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissEntryWarning,
  expect,
  type Mailbox,
  type Page,
  test,
  uniqueEmail,
  waitUntilLive,
} from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };

/** A plain photo of one colour, as a member would upload it. */
function photo(colour: string) {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function uploadPhoto(request: APIRequestContext, colour: string) {
  const answer = await request.post('/api/photos.php', {
    data: await photo(colour),
    headers: { ...client, 'content-type': 'image/jpeg' },
  });
  expect(answer.status(), 'POST /api/photos.php').toBe(200);
}

/**
 * A second member of this test, who likes the first: signed up, activated and through complete-signup with the
 * app's own calls, with a main photo. Answers their API context (logged in as them) and profile.
 */
async function signUpLiker(
  newContext: () => Promise<APIRequestContext>,
  mailbox: Mailbox,
): Promise<{ api: APIRequestContext; profileId: number; name: string }> {
  const api = await newContext();
  const email = uniqueEmail('liker');
  const name = `Sanne ${randomBytes(3).toString('hex')}`;
  const signup = await api.post('/api/signup.php', {
    data: { email, name, password: 'Zonnebloem-Kanaal-1987!', date_of_birth: '1988-03-03' },
  });
  expect(signup.status(), 'POST /api/signup.php').toBe(200);
  const { user } = (await signup.json()) as { user: { profile: { id: number } } };
  await api.get(await mailbox.link(email, '/api/activate.php'), { maxRedirects: 0 });
  const profile = { gender: 'female', sexuality: 'hetero', reason: 'dating' };
  expect((await api.put('/api/profile.php', { data: profile })).status()).toBe(200);
  for (const data of [{ step: 4, push_choice: 'declined' }, { step: 5 }]) {
    expect((await api.put('/api/signup-step.php', { data })).status()).toBe(200);
  }
  await uploadPhoto(api, '#822d32');
  return { api, profileId: user.profile.id, name };
}

async function like(request: APIRequestContext, profileId: number) {
  const answer = await request.post('/api/like.php', { data: { profile: profileId }, headers: client });
  expect(answer.status(), 'POST /api/like.php').toBe(200);
  return (await answer.json()) as { match: boolean };
}

async function unlike(request: APIRequestContext, profileId: number) {
  const answer = await request.delete('/api/like.php', { data: { profile: profileId }, headers: client });
  expect(answer.status(), 'DELETE /api/like.php').toBe(200);
}

/** The `setAppBadge` calls the page makes (the browser's own is missing or refused outside an installed app). */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: (number | null)[] = [];
    (window as unknown as { appBadgeCalls: typeof calls }).appBadgeCalls = calls;
    Object.assign(navigator, {
      setAppBadge: async (count: number) => void calls.push(count),
      clearAppBadge: async () => void calls.push(null),
    });
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test('like a member who liked you and see the match modal', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  await uploadPhoto(page.request, '#d14470');
  const newContext = () =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...client, 'x-forwarded-for': clientAddress } });
  const liker = await signUpLiker(newContext, mailbox);
  try {
    expect((await like(liker.api, member.profileId)).match).toBe(false);

    await page.goto(`/members/${liker.profileId}`);
    await waitUntilLive(page);
    await page.getByTestId('like-button').click();

    const dialog = page.getByRole('dialog', { name: 'Het is een match!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Jij en ${liker.name} vinden elkaar leuk.`);
    // Both photos: the member's own and the other's, each loaded.
    const photos = dialog.locator('img.match-modal-photo');
    await expect(photos).toHaveCount(2);
    await expect(dialog.getByRole('img', { name: 'Jouw foto' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: liker.name })).toBeVisible();
    for (const image of await photos.all()) {
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    await page.screenshot({ path: 'test-results/likes-modals/match-modal-phone.png' });

    // Keep browsing closes it; the periodic reload does not bring it back.
    await dialog.getByRole('button', { name: 'Verder kijken' }).click();
    await expect(dialog).toHaveCount(0);
    await page.waitForTimeout(6_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await unlike(page.request, liker.profileId);
    await unlike(liker.api, member.profileId);
    await liker.api.dispose();
  }
});

test('the t parameter opens the like modal and leaves the URL', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const newContext = () =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...client, 'x-forwarded-for': clientAddress } });
  const liker = await signUpLiker(newContext, mailbox);
  try {
    await like(liker.api, member.profileId);
    await page.goto('/members?gender=&t=1');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe like!' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog).toContainText(`${liker.name} vindt jou leuk.`);
    await expect(page).toHaveURL(/\/members\?gender=$/);
    await page.screenshot({ path: 'test-results/likes-modals/like-modal-phone.png' });

    // The backdrop closes it; pressing the photo opens the liker's profile.
    await page.mouse.click(10, 10);
    await expect(dialog).toHaveCount(0);
    await page.goto('/members?t=0');
    await dialog.getByRole('link', { name: `Bekijk het profiel van ${liker.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${liker.profileId}$`));
    await expect(dialog).toHaveCount(0);
  } finally {
    await unlike(liker.api, member.profileId);
    await liker.api.dispose();
  }
});

test('the new-likes count shows in the tab bar, the title and the app badge', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const newContext = () =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...client, 'x-forwarded-for': clientAddress } });
  const liker = await signUpLiker(newContext, mailbox);
  await recordAppBadge(page);
  try {
    await like(liker.api, member.profileId);
    await page.goto('/members');
    await waitUntilLive(page);
    await expect(page).toHaveTitle(/^\(1\) /);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { appBadgeCalls: unknown[] }).appBadgeCalls.at(-1)))
      .toBe(1);

    // On a phone the tab bar carries the members area and its badges; the top navigation leaves them to it.
    const tabBar = page.getByTestId('tab-bar');
    await expect(tabBar).toBeVisible();
    await expect(tabBar.getByRole('link', { name: 'Leden' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.top-nav a.nav-link[href="/members"]')).toBeHidden();
    // The likes tab has the badge.
    const badge = tabBar.locator('a[href="/likes"]').getByTestId('new-likes-badge');
    await expect(badge.locator('[aria-hidden="true"]')).toHaveText('1');
    await expect(badge).toContainText('1 nieuwe like');
    await page.screenshot({ path: 'test-results/likes-modals/tab-bar-phone.png' });

    // The page's own title changes keep the count in front.
    await page.goto(`/members/${liker.profileId}`);
    await waitUntilLive(page);
    // Opening the liker's profile clears the like's new mark: the count goes with it.
    await expect(page).toHaveTitle(new RegExp(`^${liker.name}`));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { appBadgeCalls: unknown[] }).appBadgeCalls.at(-1)))
      .toBeNull();
  } finally {
    await unlike(liker.api, member.profileId);
    await liker.api.dispose();
  }
});
