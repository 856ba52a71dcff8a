import { expect, test, waitUntilLive } from './support/fixtures.ts';

// The links every page repeats are plain anchors (components/ui/page-link.tsx, decision 027): one handler in the root
// moves to their pages inside the document, as React Router's <Link> does, and leaves the browser's own ways alone.

const markDocument = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
const readMarker = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { marker?: string }).marker);

test('page links move inside the document, keep history as links do, and leave new tabs to the browser', async ({
  page,
  member,
}) => {
  expect(member.profileId).toBeGreaterThan(0);
  await page.goto('/members');
  await waitUntilLive(page);
  await markDocument(page);
  const startLength = await page.evaluate(() => history.length);

  // The link to the page shown replaces its entry instead of adding one.
  await page.locator('a.site-logo').first().click();
  await expect(page).toHaveURL(/\/members$/);
  expect(await page.evaluate(() => history.length)).toBe(startLength);

  // A footer link: another page, in the same document, and back again.
  await page.getByTestId('site-footer').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  expect(await readMarker(page)).toBe('same document');
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  expect(await readMarker(page)).toBe('same document');

  // A click with a modifier opens the member in a new tab and leaves this page where it is.
  const card = page.locator('a.member-card-link').first();
  const href = await card.getAttribute('href');
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    card.click({ modifiers: [process.platform === 'darwin' ? 'Meta' : 'Control'] }),
  ]);
  await tab.waitForLoadState('domcontentloaded');
  expect(new URL(tab.url()).pathname).toBe(href);
  await tab.close();
  await expect(page).toHaveURL(/\/members$/);

  // A plain click on the card opens the profile inside the document.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await readMarker(page)).toBe('same document');
});
