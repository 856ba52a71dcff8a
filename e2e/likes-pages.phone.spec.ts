import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  dismissEntryWarning,
  expect,
  firstFound,
  loginToMembers,
  type Mailbox,
  type Member,
  signUpMember,
  test,
  waitUntilLive,
} from './support/fixtures.ts';
import { takeScreenshots } from './support/screenshots.ts';

const client = { 'x-request-type': 'client' };

/** Another member of this test, signed up from an address of its own, with an API context logged in as them. */
interface Liker {
  member: Member;
  api: APIRequestContext;
}

async function signUpLiker(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  mailbox: Mailbox,
): Promise<Liker> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      ...client,
      'x-forwarded-for': `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  return { member: await signUpMember(api, mailbox), api };
}

async function like(api: APIRequestContext, profile: number) {
  const answer = await api.post('/api/like.php', { headers: client, data: { profile } });
  expect(answer.status(), `like ${profile}`).toBe(200);
  return (await answer.json()) as { match: boolean };
}

async function unlike(api: APIRequestContext, profile: number) {
  const answer = await api.delete('/api/like.php', { headers: client, data: { profile } });
  expect(answer.status(), `take back the like of ${profile}`).toBe(200);
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect.soft(serious, `serious or critical WCAG violations on ${label}`).toEqual([]);
}

const card = (page: Page, name: string) => page.getByTestId('like-card').filter({ hasText: name });

test('a member sees who likes them, whom they like and their matches, and opens a like to like back', async ({
  page,
  context,
  baseURL,
  playwright,
  mailbox,
  member,
}) => {
  test.setTimeout(90_000);
  await dismissEntryWarning(context, baseURL!);
  const [bram, chris] = [
    await signUpLiker(playwright, baseURL!, mailbox),
    await signUpLiker(playwright, baseURL!, mailbox),
  ];
  const fictional = await firstFound(page.request, (found) => found.fictional);
  expect(fictional, 'a fictional profile in the search').not.toBeNull();

  // Bram likes the member; Chris and the member like each other; the member likes a fictional profile.
  await like(bram.api, member.profileId);
  await like(chris.api, member.profileId);
  expect((await like(page.request, chris.member.profileId)).match).toBe(true);
  await like(page.request, fictional!.id);

  try {
    await page.goto('/likes');
    await waitUntilLive(page);
    await expect(page).toHaveTitle(/Likes · /);
    const tabs = page.getByTestId('likes-tabs');
    await expect(tabs.getByRole('link', { name: /Ontvangen/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('likes-tab-received')).toContainText('2');
    await expect(page.getByTestId('likes-tab-received')).toHaveAccessibleName('Ontvangen 2 2 nieuw');
    await expect(page.getByTestId('likes-tab-given')).toContainText('2');
    await expect(page.getByTestId('likes-tab-matches')).toContainText('1');
    await expect(page.getByTestId('like-card')).toHaveCount(2);
    await expect(card(page, bram.member.name).getByTestId('like-new')).toHaveText('Nieuw');
    await expect(card(page, bram.member.name)).toContainText(/\d+ jaar/);
    await expect(card(page, bram.member.name).locator('time')).toHaveText(/^(nu|\d+ minuten? geleden)$/);
    await expect(card(page, chris.member.name).getByTestId('like-match')).toBeVisible();
    // Chris is liked back already: the heart is filled; Bram's is not.
    await expect(card(page, chris.member.name).getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, bram.member.name).getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('likes-premium')).toHaveCount(0);
    await takeScreenshots(page, 'likes-received');

    await tabs.getByRole('link', { name: /Gegeven/ }).click();
    await expect(page).toHaveURL(/\/likes\/given$/);
    await expect(tabs.getByRole('link', { name: /Gegeven/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Wie jij leuk vindt' })).toBeVisible();
    await expect(page.getByTestId('like-card')).toHaveCount(2);
    await expect(card(page, fictional!.name).getByTestId('fictional-label')).toBeVisible();
    await expect(card(page, fictional!.name).getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, chris.member.name).getByTestId('like-match')).toBeVisible();
    await expect(card(page, fictional!.name).getByRole('link', { name: fictional!.name })).toHaveAttribute(
      'href',
      `/members/${fictional!.id}`,
    );
    await takeScreenshots(page, 'likes-given');

    await tabs.getByRole('link', { name: /Matches/ }).click();
    await expect(page).toHaveURL(/\/likes\/matches$/);
    await expect(page.getByTestId('like-card')).toHaveCount(1);
    await expect(card(page, chris.member.name)).toBeVisible();

    // Opening Bram's like: his page, then his like is no longer new anywhere.
    await tabs.getByRole('link', { name: /Ontvangen/ }).click();
    await expect(page).toHaveURL(/\/likes\/received$/);
    await card(page, bram.member.name).getByRole('link', { name: bram.member.name }).click();
    await expect(page).toHaveURL(new RegExp(`/likes/m/${bram.member.profileId}$`));
    await waitUntilLive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${bram.member.name} vindt jou leuk`);
    await expect(page.getByText(/^Heeft jou .+ geliked$/)).toBeVisible();
    await expect(page.getByText(`Like ${bram.member.name} terug, dan hebben jullie een match.`)).toBeVisible();
    await expect(page.getByTestId('like-from-profile')).toHaveAttribute('href', `/members/${bram.member.profileId}`);
    await takeScreenshots(page, 'like-from');
    await expectNoSeriousViolations(page, '/likes/m/{id}');

    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('like-match')).toHaveText(/het is een match/);
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/likes');
    await expect(card(page, bram.member.name).getByTestId('like-new')).toHaveCount(0);
    await expect(card(page, bram.member.name).getByTestId('like-match')).toBeVisible();
    await expect(card(page, chris.member.name).getByTestId('like-new')).toHaveText('Nieuw');
    await expect(page.getByTestId('likes-tab-received')).toHaveAccessibleName('Ontvangen 2 1 nieuw');
    await expect(page.getByTestId('likes-tab-matches')).toContainText('2');
    await expectNoSeriousViolations(page, '/likes');

    // Chris's profile page says he likes the member, shows the member likes him back, and clears his like's mark.
    await page.goto(`/members/${chris.member.profileId}`);
    await waitUntilLive(page);
    await expect(page.getByTestId('likes-you')).toBeVisible();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/likes');
    await expect(card(page, chris.member.name)).toBeVisible();
    await expect(card(page, chris.member.name).getByTestId('like-new')).toHaveCount(0);
    await expect(page.getByTestId('likes-tab-received')).toHaveAccessibleName('Ontvangen 2');

    // Taking a like back from the given tab: the card goes, the count follows.
    await page.goto('/likes/given');
    await waitUntilLive(page);
    await card(page, fictional!.name).getByTestId('like-button').click();
    await expect(card(page, fictional!.name)).toHaveCount(0);
    await expect(page.getByTestId('likes-tab-given')).toContainText('2');
  } finally {
    for (const other of [bram, chris]) {
      await unlike(page.request, other.member.profileId);
      await unlike(other.api, member.profileId);
      await other.api.dispose();
    }
    await unlike(page.request, fictional!.id);
  }
});

test('a free member sees the first 3 likers; newer ones are blurred behind the premium prompt, a premium member sees all', async ({
  page,
  context,
  baseURL,
  playwright,
  mailbox,
  member,
}) => {
  test.setTimeout(120_000);
  await dismissEntryWarning(context, baseURL!);
  const likers: Liker[] = [];
  for (let index = 0; index < 5; index++) likers.push(await signUpLiker(playwright, baseURL!, mailbox));
  const premium = await loginAs(playwright, baseURL!, 'premium@hartklop.test');
  const premiumProfile = (await (await premium.get('/api/user.php')).json()).user.profile.id as number;
  // One after another, so that the first three are the oldest.
  for (const liker of likers) await like(liker.api, member.profileId);
  for (const liker of likers) await like(liker.api, premiumProfile);

  try {
    await page.goto('/likes');
    await waitUntilLive(page);
    await expect(page.getByTestId('likes-tab-received')).toContainText('5');
    await expect(page.getByTestId('like-card')).toHaveCount(3);
    for (const liker of likers.slice(0, 3)) await expect(card(page, liker.member.name)).toBeVisible();
    const locked = page.getByTestId('locked-like');
    await expect(locked).toHaveCount(2);
    await expect(locked.first().getByTestId('like-new')).toHaveText('Nieuw');
    await expect(locked.first().getByRole('link', { name: 'Verborgen like' })).toHaveAttribute('href', '/premium');
    const prompt = page.getByTestId('likes-premium');
    await expect(prompt.getByRole('heading')).toHaveText('Nog 2 leden vinden jou leuk');
    await expect(prompt).toContainText('Word premium en zie wie jou leuk vindt.');
    await expect(prompt.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
    // Nothing on the page names the hidden likers or leads to them.
    const html = await page.content();
    for (const liker of likers.slice(3)) {
      expect(html).not.toContain(liker.member.name);
      expect(html).not.toContain(`/likes/m/${liker.member.profileId}`);
    }
    await takeScreenshots(page, 'likes-locked');
    await expectNoSeriousViolations(page, '/likes with locked likes');

    // A hidden like's address shows the prompt, as any address without a like does: it tells nothing.
    const hidden = await page.goto(`/likes/m/${likers[4]!.member.profileId}`);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze like kunnen we je niet laten zien');
    await expect(page.getByTestId('likes-premium').getByRole('link', { name: 'Word premium' })).toBeVisible();
    expect(await page.content()).not.toContain(likers[4]!.member.name);
    await takeScreenshots(page, 'like-from-hidden');

    // The like modal shows the newest like, a hidden one: a silhouette with a lock and the way to premium, no photo.
    await page.goto('/members?t=0');
    const modal = page.getByRole('dialog', { name: 'Nieuwe like!' });
    await expect(modal).toContainText('Iemand vindt jou leuk. Word premiumlid om te zien wie het is.');
    await expect(modal.locator('.like-card-silhouette')).toBeVisible();
    await expect(modal.locator('.like-card-lock')).toBeVisible();
    await expect(modal.locator('img, [role="img"]')).toHaveCount(0);
    await expect(modal.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
    expect(await modal.innerHTML()).not.toContain(likers[4]!.member.name);
    await takeScreenshots(page, 'like-modal-hidden');
    await expectNoSeriousViolations(page, 'the like modal with a hidden like');

    // A premium member sees every liker.
    await context.clearCookies();
    await dismissEntryWarning(context, baseURL!);
    await loginToMembers(page, 'premium@hartklop.test');
    await page.goto('/likes');
    for (const liker of likers) await expect(card(page, liker.member.name)).toBeVisible();
    await expect(page.getByTestId('locked-like')).toHaveCount(0);
    await expect(page.getByTestId('likes-premium')).toHaveCount(0);
  } finally {
    for (const liker of likers) {
      await unlike(liker.api, member.profileId);
      await unlike(liker.api, premiumProfile);
      await liker.api.dispose();
    }
    await premium.dispose();
  }
});

async function loginAs(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: client });
  const login = await api.post('/api/user.php', { data: { email, password: 'hartklop-demo' } });
  expect(login.status(), `log in as ${email}`).toBe(200);
  return api;
}

test('a visitor is sent to log in; an unknown tab or id is no page', async ({ request }) => {
  const likes = await request.get('/likes/given', { maxRedirects: 0 });
  expect([likes.status(), likes.headers().location]).toEqual([302, '/login?redirect=%2Flikes%2Fgiven']);
  expect((await request.get('/likes/nope', { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get('/likes/m/abc', { maxRedirects: 0 })).status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tabs are links and a like is opened and liked back with a form post', async ({
    page,
    context,
    baseURL,
    playwright,
    mailbox,
    member,
  }) => {
    test.setTimeout(60_000);
    await dismissEntryWarning(context, baseURL!);
    const bram = await signUpLiker(playwright, baseURL!, mailbox);
    await like(bram.api, member.profileId);
    try {
      await page.goto('/likes');
      await page.getByRole('link', { name: /Gegeven/ }).click();
      await expect(page).toHaveURL(/\/likes\/given$/);
      await expect(page.getByTestId('likes-empty')).toContainText('Je hebt nog niemand geliked');
      await expect(page.getByTestId('likes-empty').getByRole('link', { name: 'Leden bekijken' })).toHaveAttribute(
        'href',
        '/members',
      );
      await page.getByRole('link', { name: /Matches/ }).click();
      await expect(page.getByTestId('likes-empty')).toContainText('Nog geen matches');
      await page.getByRole('link', { name: /Ontvangen/ }).click();
      await expect(page).toHaveURL(/\/likes\/received$/);
      await card(page, bram.member.name).getByRole('link', { name: bram.member.name }).click();
      await expect(page).toHaveURL(new RegExp(`/likes/m/${bram.member.profileId}$`));
      await page.getByTestId('like-button').click();
      // A like that makes a match goes on to the matches.
      await expect(page).toHaveURL(/\/likes\/matches$/);
      await expect(card(page, bram.member.name)).toBeVisible();
      await expect(card(page, bram.member.name).getByTestId('like-new')).toHaveCount(0);
    } finally {
      await unlike(page.request, bram.member.profileId);
      await unlike(bram.api, member.profileId);
      await bram.api.dispose();
    }
  });
});
