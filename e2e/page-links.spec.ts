import { expect, type Page, test, waitUntilLive } from './support/fixtures.ts';

// The links every page repeats are plain anchors (components/ui/page-link.tsx, decision 027): one handler in the root
// layout moves to their pages inside the document, as React Router's <Link> does, and leaves the browser's own ways
// alone.

const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
const readMarker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);
/** React Router's entry in the history: a new key on every move, a new index only when one was added. */
const readEntry = (page: Page) =>
  page.evaluate(() => ({ key: history.state?.key as string, index: history.state?.idx as number }));

/** Clicks a link and waits until React Router has written the move into the history. */
async function clickAndWaitForMove(page: Page, click: () => Promise<void>) {
  const before = await readEntry(page);
  await click();
  await expect.poll(async () => (await readEntry(page)).key).not.toBe(before.key);
  return { before, after: await readEntry(page) };
}

test('page links move inside the document, keep history as links do, and leave new tabs to the browser', async ({
  page,
  member,
}) => {
  expect(member.profileId).toBeGreaterThan(0);
  await page.goto('/likes');
  await waitUntilLive(page);
  await markDocument(page);

  // The navigation's link adds an entry; the logo's link to the page shown then replaces it.
  const pushed = await clickAndWaitForMove(page, () => page.locator('.top-nav-links a[href="/members"]').click());
  expect(pushed.after.index).toBe(pushed.before.index + 1);
  await expect(page).toHaveURL(/\/members$/);
  const replaced = await clickAndWaitForMove(page, () => page.locator('a.site-logo').first().click());
  expect(replaced.after.index).toBe(replaced.before.index);
  await page.goBack();
  await expect(page).toHaveURL(/\/likes$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/members$/);
  expect(await readMarker(page)).toBe('same document');

  // A footer link: another page, in the same document, and back again.
  await page.getByTestId('site-footer').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  expect(await readMarker(page)).toBe('same document');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  expect(await readMarker(page)).toBe('same document');

  // An item of the account menu closes the menu (its own click handler) and moves inside the document.
  const accountMenu = page.getByTestId('account-menu');
  await accountMenu.locator('summary').click();
  await accountMenu.getByRole('link', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(accountMenu).not.toHaveAttribute('open');
  expect(await readMarker(page)).toBe('same document');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');

  // A click with a modifier opens the member in a new tab and leaves this page and its history as they are.
  const card = page.locator('a.member-card-link').first();
  const href = await card.getAttribute('href');
  const entry = await readEntry(page);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), card.click({ modifiers: ['Control'] })]);
  await tab.waitForLoadState('domcontentloaded');
  expect(new URL(tab.url()).pathname).toBe(href);
  await tab.close();
  expect(await readEntry(page)).toEqual(entry);
  await expect(page).toHaveURL(/\/members$/);

  // A plain click on the card opens the profile inside the document.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await readMarker(page)).toBe('same document');
});
