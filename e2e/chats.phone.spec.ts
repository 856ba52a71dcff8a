import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, PlaywrightWorkerArgs } from '@playwright/test';
import {
  dismissEntryWarning,
  expect,
  expectWithinViewportWidth,
  firstFound,
  type Mailbox,
  type Member,
  type Page,
  sendMessage,
  signUpMember,
  test,
  waitUntilLive,
} from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };

/** Another member of this test, signed up and activated through the app's calls, with their own logged-in API. */
async function newMember(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  clientAddress: string,
  mailbox: Mailbox,
): Promise<Member & { api: APIRequestContext }> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...client, 'x-forwarded-for': clientAddress },
  });
  return { ...(await signUpMember(api, mailbox)), api };
}

/** Opens /chats and waits until the page is live and its socket has said hello, so that no news is missed. */
async function openChats(page: Page) {
  // Listened for from the socket's start: the hello may come before the page is live.
  const hello = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/api/ws')) socket.once('framereceived', () => resolve());
    });
  });
  await page.goto('/chats');
  await waitUntilLive(page);
  await hello;
  // Gone after a reload: the checks below show that news came to this same document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test('a message reaches the open list at once and raises the badge and the title; reading clears them', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
  const carla = await newMember(playwright, baseURL!, clientAddress, mailbox);
  try {
    const withCarla = await sendMessage(carla.api, member.profileId, 'Hoi, hoe gaat het?');
    await openChats(page);
    const items = page.getByTestId('chat-list-item');
    await expect(items).toHaveCount(1);
    const tab = page.getByTestId('tab-bar').locator('a[href="/chats"]');
    const badge = tab.getByTestId('unread-badge');
    await expect(badge).toContainText('1 ongelezen bericht');
    await expect(page).toHaveTitle(/^\(1\) Berichten · /);

    // A new conversation comes in on top, with its unread count; the badge and the title count it.
    const withAnna = await sendMessage(anna.api, member.profileId, 'Zin in een drankje?');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(anna.name);
    await expect(items.first().getByTestId('chat-preview')).toHaveText('Zin in een drankje?');
    await expect(items.first().getByTestId('chat-unread')).toContainText('1 ongelezen bericht');
    await expect(badge.locator('[aria-hidden="true"]')).toHaveText('2');
    await expect(page).toHaveTitle(/^\(2\) Berichten · /);

    // The older chat moves back to the top with its next message.
    await sendMessage(carla.api, member.profileId, 'Ben je er nog?');
    await expect(items.first()).toContainText(carla.name);
    await expect(items.first().getByTestId('chat-preview')).toHaveText('Ben je er nog?');
    await expect(items.first().getByTestId('chat-unread').locator('[aria-hidden="true"]')).toHaveText('2');
    await expect(page).toHaveTitle(/^\(3\) /);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: 'test-results/chats/unread-375.png' });

    // The member's own reply from another tab moves that chat up, as theirs, and adds nothing unread.
    await sendMessage(page.request, anna.profileId, 'Graag! Vrijdag?');
    await expect(items.first()).toContainText(anna.name);
    await expect(items.first().getByTestId('chat-preview')).toHaveText('Jij: Graag! Vrijdag?');
    await expect(page).toHaveTitle(/^\(3\) /);

    // Opening a conversation reads it: the title counts one less there, and back in the list its count is gone.
    await items.filter({ hasText: anna.name }).getByTestId('chat-open').click();
    await expect(page).toHaveURL(new RegExp(`/chats/${withAnna}$`));
    await expect(page).toHaveTitle(/^\(2\) /);
    await page.goBack();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(items.filter({ hasText: anna.name }).getByTestId('chat-unread')).toHaveCount(0);
    await expect(badge.locator('[aria-hidden="true"]')).toHaveText('2');
    // Read in another tab (the call its page makes): the count, the badge and the title follow at once.
    const read = await page.request.post('/api/chat-read.php', { data: { conversation: withCarla }, headers: client });
    expect(read.status()).toBe(200);
    await expect(page.getByTestId('chat-unread')).toHaveCount(0);
    await expect(badge).toHaveCount(0);
    await expect(page).toHaveTitle(/^Berichten · /);
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await anna.api.dispose();
    await carla.api.dispose();
  }
});

test('deleting a conversation removes it at once and for good; the other keeps theirs', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
  try {
    await sendMessage(anna.api, member.profileId, 'Hoi!');
    await openChats(page);
    const items = page.getByTestId('chat-list-item');
    await expect(items).toHaveCount(1);
    await expect(page).toHaveTitle(/^\(1\) /);

    await items
      .first()
      .getByRole('link', { name: `Gesprek met ${anna.name} verwijderen` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Gesprek verwijderen?' });
    await expect(dialog).toContainText(`Het gesprek met ${anna.name} verdwijnt uit je lijst.`);
    await page.screenshot({ path: 'test-results/chats/delete-modal-phone.png' });
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(items).toHaveCount(0);
    await expect(page.getByTestId('chats-empty')).toBeVisible();
    // Its unread message went with it.
    await expect(page).toHaveTitle(/^Berichten · /);
    await expect(page.locator('.chats-page [aria-live="polite"]')).toHaveText(
      `Het gesprek met ${anna.name} is verwijderd.`,
    );
    expect(await sameDocument(page)).toBe(true);

    await page.reload();
    await expect(page.getByTestId('chats-empty')).toBeVisible();
    await expect(page.getByTestId('chats-empty').getByRole('link', { name: 'Leden zoeken' })).toHaveAttribute(
      'href',
      '/members',
    );
    const annaChats = (await (await anna.api.get('/api/chats.php')).json()) as { chats: unknown[] };
    expect(annaChats.chats).toHaveLength(1);
  } finally {
    await anna.api.dispose();
  }
});

test('a delete the server refuses shows the error and brings the list back as the server has it', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
  try {
    await sendMessage(anna.api, member.profileId, 'Hoi!');
    await page.route('**/api/chat.php', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'internal_error',
              message: 'Er is een fout opgetreden, probeer het later opnieuw.',
            }),
          })
        : route.continue(),
    );
    await openChats(page);
    const items = page.getByTestId('chat-list-item');
    await items.first().getByTestId('chat-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByTestId('chats-alert')).toHaveText(
      'Het gesprek is niet verwijderd. Er is een fout opgetreden, probeer het later opnieuw.',
    );
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(anna.name);
    expect(await sameDocument(page)).toBe(true);
    await page.screenshot({ path: 'test-results/chats/delete-failed-phone.png' });
  } finally {
    await anna.api.dispose();
  }
});

/** Takes the same list at 375 px (a phone) and 1280 px (a desktop), for looking at. */
async function screenshotBothWidths(page: Page, browser: Browser, baseURL: string, name: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await waitUntilLive(page);
  await expectWithinViewportWidth(page, [page.getByTestId('chat-list')]);
  // A phone's browser widens its viewport to what overflows: the list's own width says more.
  for (const item of await page.getByTestId('chat-list-item').all()) {
    const box = (await item.boundingBox())!;
    expect(box.x + box.width, 'a chat ends inside a 375 px screen').toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: `test-results/chats/${name}-375.png`, fullPage: true });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  try {
    await desktop.addCookies(await page.context().cookies());
    const wide = await desktop.newPage();
    await wide.goto('/chats');
    await waitUntilLive(wide);
    await expectWithinViewportWidth(wide, [wide.getByTestId('chat-list')]);
    await wide.screenshot({ path: `test-results/chats/${name}-1280.png`, fullPage: true });
  } finally {
    await desktop.close();
  }
}

test('each chat shows its member, the fictional label, what came last and when; a member gone is greyed', async ({
  page,
  browser,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
  const carla = await newMember(playwright, baseURL!, clientAddress, mailbox);
  try {
    const fictional = await firstFound(page.request, (found) => found.fictional);
    expect(fictional, 'a fictional demo profile').not.toBeNull();
    await sendMessage(page.request, fictional!.id, 'Hallo, leuk profiel!');
    await sendMessage(
      anna.api,
      member.profileId,
      'Hoi! Ik zag dat je ook van wandelen houdt. Zin om een keer samen de duinen in te gaan?',
    );
    await sendMessage(carla.api, member.profileId, 'Hee');
    // Carla blocks the member: their chat stays, greyed, and says she is no longer there.
    expect((await carla.api.post('/api/blocks.php', { data: { profile_id: member.profileId } })).status()).toBe(200);

    await page.goto('/chats');
    await waitUntilLive(page);
    const items = page.getByTestId('chat-list-item');
    await expect(items).toHaveCount(3);
    const gone = items.filter({ hasText: carla.name });
    await expect(gone).toHaveClass(/is-unavailable/);
    await expect(gone).toContainText('Niet meer beschikbaar');
    const toFictional = items.filter({ hasText: fictional!.name });
    await expect(toFictional.getByTestId('fictional-label')).toBeVisible();
    await expect(toFictional.getByTestId('chat-preview')).toHaveText('Jij: Hallo, leuk profiel!');
    await expect(toFictional.getByTestId('chat-unread')).toHaveCount(0);
    const fromAnna = items.filter({ hasText: anna.name });
    await expect(fromAnna.locator('time')).toHaveText(/^\d\d:\d\d$/);
    await expect(fromAnna.getByTestId('chat-open')).toHaveAttribute('href', /^\/chats\/\d+$/);
    // WCAG 2.2 AA on the list with every kind of chat in it (the greyed one's text too).
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
    ).toEqual([]);
    await screenshotBothWidths(page, browser, baseURL!, 'list');
  } finally {
    await anna.api.dispose();
    await carla.api.dispose();
  }
});

test('the profile, a like and the empty list lead to a conversation or to members', async ({
  page,
  member,
  mailbox,
  playwright,
  baseURL,
  clientAddress,
}) => {
  const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
  try {
    await page.goto('/chats');
    await expect(page.getByTestId('chats-empty')).toContainText('Nog geen gesprekken');
    await page.goto(`/members/${anna.profileId}`);
    await expect(page.getByTestId('member-chat')).toHaveAttribute('href', `/members/${anna.profileId}/chat`);
    await expect(page.getByTestId('member-chat')).toHaveText('Stuur een bericht');
    const liked = await anna.api.post('/api/like.php', { data: { profile: member.profileId }, headers: client });
    expect(liked.status()).toBe(200);
    await page.goto(`/likes/m/${anna.profileId}`);
    await expect(page.getByTestId('like-from-chat')).toHaveAttribute('href', `/members/${anna.profileId}/chat`);
    // The like modal's button starts the conversation too.
    await page.goto('/members?t=0');
    const dialog = page.getByRole('dialog', { name: 'Nieuwe like!' });
    await expect(dialog.getByRole('link', { name: 'Start een gesprek' })).toHaveAttribute(
      'href',
      `/members/${anna.profileId}/chat`,
    );
  } finally {
    await anna.api.dispose();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a conversation is deleted through the confirmation form', async ({
    page,
    member,
    mailbox,
    playwright,
    baseURL,
    clientAddress,
  }) => {
    const anna = await newMember(playwright, baseURL!, clientAddress, mailbox);
    try {
      await sendMessage(anna.api, member.profileId, 'Hoi!');
      await page.goto('/chats');
      await page.getByTestId('chat-delete').click();
      await expect(page).toHaveURL(/\/chats\?delete=\d+$/);
      const dialog = page.getByRole('dialog', { name: 'Gesprek verwijderen?' });
      await dialog.getByRole('link', { name: 'Annuleren' }).click();
      await expect(page).toHaveURL(/\/chats$/);
      await expect(page.getByTestId('chat-list-item')).toHaveCount(1);

      await page.getByTestId('chat-delete').click();
      await dialog.getByRole('button', { name: 'Verwijderen' }).click();
      await expect(page).toHaveURL(/\/chats$/);
      await expect(page.getByTestId('chats-empty')).toBeVisible();
    } finally {
      await anna.api.dispose();
    }
  });
});
