import { randomInt } from 'node:crypto';
import { browserNamespaces } from '@app/shared/i18n/message-namespaces';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, devices } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissEntryWarning,
  expect,
  firstFound,
  loginToMembers,
  type Mailbox,
  type Member,
  type Page,
  signUpMember,
  test,
  waitUntilLive,
} from './support/fixtures.ts';

const client = { 'x-request-type': 'client' };

/** Another member of this test on a phone of their own: signed up from an address of its own, logged in. */
async function signUpOther(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  browser: Browser,
  baseURL: string,
  mailbox: Mailbox,
): Promise<{ member: Member; context: BrowserContext; page: Page }> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      ...client,
      'x-forwarded-for': `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  const member = await signUpMember(api, mailbox);
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  await context.addCookies((await api.storageState()).cookies);
  await dismissEntryWarning(context, baseURL);
  await api.dispose();
  return { member, context, page: await context.newPage() };
}

/** The messages of the conversation on the page, as their kind and words. */
const messages = (page: Page) => page.getByTestId('chat-message');
const lastMessage = (page: Page) => messages(page).last();

/** Writes a text in the composer and sends it with the send button. */
async function write(page: Page, text: string) {
  await page.getByLabel('Je bericht').fill(text);
  await page.getByTestId('chat-send').click();
}

/** The conversation at 375 and 1280 px wide, for a person to look at; then back to the phone's own width. */
async function screenshots(page: Page, name: string) {
  const phone = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    // The composer stays on the screen: the conversation fills the height, the messages scroll between.
    const composer = await page.getByTestId('chat-composer').boundingBox();
    expect(composer!.y + composer!.height, `${name} at ${width} px: the composer is on the screen`).toBeLessThanOrEqual(
      page.viewportSize()!.height + 1,
    );
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize(phone);
}

/** No serious or critical WCAG findings, and no message key shown as itself. */
async function expectAccessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect.soft(serious, `serious or critical WCAG violations on ${label}`).toEqual([]);
  const rawKey = new RegExp(`\\b(?:${browserNamespaces.join('|')})\\.[a-z0-9_]+`, 'g');
  expect((await page.locator('body').innerText()).match(rawKey) ?? [], `raw keys on ${label}`).toEqual([]);
}

test.describe('a conversation between two members on phones', () => {
  test('one writes, the other sees it arrive without a reload, and the writer sees it read', async ({
    page,
    context,
    browser,
    playwright,
    baseURL,
    mailbox,
    member,
  }) => {
    test.setTimeout(90_000);
    await dismissEntryWarning(context, baseURL!);
    const other = await signUpOther(playwright, browser, baseURL!, mailbox);
    expect(member.profileId).not.toBe(other.member.profileId);
    try {
      // The first message starts the conversation from the other's profile address.
      await page.goto(`/members/${other.member.profileId}/chat`);
      await waitUntilLive(page);
      await expect(page.getByTestId('chat-header')).toContainText(other.member.name);
      await expect(page.getByTestId('chat-empty')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Versturen voor 5 credits \(€\s\d+,\d\d\)$/ })).toBeVisible();
      await write(page, 'Hoi! Zin in een praatje?');
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      const conversation = new URL(page.url()).pathname;
      await expect(lastMessage(page)).toContainText('Hoi! Zin in een praatje?');
      await expect(lastMessage(page)).toHaveAttribute('data-state', 'sent');

      // The other opens the conversation: the first message is there, and the writer sees it read.
      await other.page.goto(conversation);
      await waitUntilLive(other.page);
      await expect(lastMessage(other.page)).toContainText('Hoi! Zin in een praatje?');
      await expect(lastMessage(page)).toHaveAttribute('data-state', 'read');

      // While the other looks, a new message arrives without a reload, links stay words, and it is read at once.
      const loads = { count: 0 };
      other.page.on('load', () => loads.count++);
      await write(page, 'Kijk eens op https://example.com\nen nog een regel');
      const arrived = lastMessage(other.page);
      await expect(arrived).toContainText('Kijk eens op https://example.com');
      await expect(arrived.locator('.chat-text')).toHaveText('Kijk eens op https://example.com\nen nog een regel');
      await expect(arrived.locator('a')).toHaveCount(0);
      await expect(lastMessage(page)).toHaveAttribute('data-state', 'read');

      // And back: the writer sees the answer arrive too.
      await write(other.page, 'Leuk dat je schrijft!');
      await expect(lastMessage(page)).toContainText('Leuk dat je schrijft!');
      await expect(lastMessage(page)).not.toHaveAttribute('data-state');
      expect(loads.count, 'the page of the other was not loaded again').toBe(0);
      await expect(messages(other.page)).toHaveCount(3);
      await screenshots(other.page, 'chat-conversation');
      await expectAccessible(other.page, 'a conversation');
    } finally {
      await other.context.close();
    }
  });
});

test.describe('photos, GIFs and gifts', () => {
  test.use({ memberOptions: { loggedIn: false } });

  test('a premium member sends a photo, a gift and a GIF, each shown, each paid once', async ({
    page,
    context,
    baseURL,
    member,
  }) => {
    test.setTimeout(60_000);
    await dismissEntryWarning(context, baseURL!);
    await loginToMembers(page, 'premium@hartklop.test');
    const before = (await (await page.request.get('/api/user.php')).json()).user.credits as number;
    await page.goto(`/members/${member.profileId}/chat`);
    await waitUntilLive(page);
    await write(page, 'Ik stuur je wat moois');
    await expect(page).toHaveURL(/\/chats\/\d+$/);

    const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('chat-photo-input')
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    const sentPhoto = page.locator('[data-testid="chat-message"][data-type="photo"]');
    await expect(sentPhoto).toHaveAttribute('data-state', 'sent');
    const photoLink = sentPhoto.getByRole('link', { name: 'Foto' });
    const full = await page.request.get((await photoLink.getAttribute('href'))!);
    expect(full.headers()['content-type']).toBe('image/jpeg');

    await page.getByTestId('chat-tool-gift').click();
    await expect(page.getByTestId('chat-gift-panel')).toBeVisible();
    await expectAccessible(page, 'the gift panel');
    await page.getByTestId('chat-gift-rose').click();
    const sentGift = page.locator('[data-testid="chat-message"][data-type="gift"]');
    await expect(sentGift).toHaveAttribute('data-state', 'sent');
    await expect(sentGift).toContainText('Cadeautje: Roos');

    await page.getByTestId('chat-tool-gif').click();
    const results = page.getByTestId('chat-gif-results').getByRole('button');
    await expect(results.first()).toBeVisible();
    const title = (await results.first().getAttribute('title'))!;
    await results.first().click();
    const sentGif = page.locator('[data-testid="chat-message"][data-type="gif"]');
    await expect(sentGif).toHaveAttribute('data-state', 'sent');
    await expect(sentGif.getByRole('img')).toHaveAttribute('alt', title);

    // The same after a reload, from the server: nothing was sent twice.
    await page.reload();
    await expect(messages(page)).toHaveCount(4);
    const after = (await (await page.request.get('/api/user.php')).json()).user.credits as number;
    const paid = await page.evaluate(async (conversation) => {
      const answer = await fetch(`/api/messages.php?conversation=${conversation}`, {
        headers: { accept: 'application/json' },
      });
      return ((await answer.json()) as { messages: { credits: number }[] }).messages.reduce(
        (sum, m) => sum + m.credits,
        0,
      );
    }, new URL(page.url()).pathname.split('/').pop());
    expect(before - after).toBe(paid);
    await screenshots(page, 'chat-media');
  });
});

test('running out of credits says so and leads a free member to premium; nothing is sent', async ({
  page,
  context,
  baseURL,
  member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const partner = await firstFound(page.request, (found) => !found.fictional && found.id !== member.profileId);
  await page.goto(`/members/${partner!.id}/chat`);
  await waitUntilLive(page);
  // The signup's 15 credits are three messages of 5.
  for (const text of ['Eén', 'Twee', 'Drie']) {
    await write(page, text);
    await expect(lastMessage(page)).toHaveAttribute('data-state', 'sent');
  }
  await write(page, 'Vier');
  const refused = page.getByTestId('chat-send-error');
  await expect(refused).toContainText('Je hebt onvoldoende credits');
  await expect(refused.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
  await expect(lastMessage(page)).toHaveAttribute('data-state', 'failed');
  await expect(lastMessage(page).getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
  await page.reload();
  await expect(messages(page)).toHaveCount(3);
  expect((await (await page.request.get('/api/user.php')).json()).user.credits).toBe(0);
  await screenshots(page, 'chat-no-credits');
});

test('a fictional profile carries its label and the warning in the header, before the first message', async ({
  page,
  context,
  baseURL,
  member,
}) => {
  expect(member.profileId).toBeGreaterThan(0);
  await dismissEntryWarning(context, baseURL!);
  const fictional = await firstFound(page.request, (found) => found.fictional);
  await page.goto(`/members/${fictional!.id}/chat`);
  const header = page.getByTestId('chat-header');
  await expect(header.getByTestId('fictional-label')).toHaveText('Fictief profiel');
  await expect(header.getByTestId('fictional-warning')).toHaveText(
    'Dit is een fictief profiel, bedoeld voor entertainment. Fysiek contact met dit profiel is niet mogelijk.',
  );
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await screenshots(page, 'chat-fictional');
  await expectAccessible(page, 'a first message to a fictional profile');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member sends a text message with a plain form post, once however often it is sent', async ({
    page,
    context,
    baseURL,
    member,
  }) => {
    await dismissEntryWarning(context, baseURL!);
    const partner = await firstFound(page.request, (found) => !found.fictional && found.id !== member.profileId);
    await page.goto(`/members/${partner!.id}/chat`);
    await page.getByLabel('Je bericht').fill('Zonder JavaScript');
    await page.getByTestId('chat-send').click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(lastMessage(page)).toContainText('Zonder JavaScript');
    await expect(lastMessage(page)).toHaveAttribute('data-state', 'sent');

    // The form carries the server's client id: the same post twice stores one message.
    const form = page.locator('form.chat-form');
    const fields = Object.fromEntries(
      await form
        .locator('input[type="hidden"]')
        .evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((input) => [input.name, input.value])),
    );
    const post = () =>
      page.request.post(page.url(), { form: { ...fields, text: 'Twee keer verstuurd' }, maxRedirects: 0 });
    expect((await post()).status()).toBe(302);
    expect((await post()).status()).toBe(302);
    await page.reload();
    await expect(messages(page).filter({ hasText: 'Twee keer verstuurd' })).toHaveCount(1);
  });
});
