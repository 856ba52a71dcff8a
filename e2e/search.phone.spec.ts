import { dismissEntryWarning, expect, loginToMembers, test } from './support/fixtures.ts';

test('a member searches with filters on a phone and pages through the results', async ({ page, context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
  await loginToMembers(page, 'premium@hartklop.test');
  // The search starts from the member's own answers; "Wissen" shows everyone.
  await expect(page.getByLabel('Land', { exact: true })).not.toHaveValue('');
  await page.getByRole('link', { name: 'Wissen' }).click();
  await expect(page.getByTestId('search-count')).toContainText('leden gevonden');
  const totalText = (await page.getByTestId('search-count').textContent())!;
  const total = Number(totalText.match(/\d+/)![0]);
  expect(await page.getByTestId('search-results').locator('.member-card').count()).toBe(Math.min(24, total));

  await page.getByLabel('Geslacht').selectOption('female');
  await page.getByLabel('Land', { exact: true }).selectOption('NL');
  await page.getByLabel('Regio').selectOption({ index: 0 });
  await page.getByLabel('Leeftijd vanaf').fill('25');
  await page.getByLabel('tot en met').fill('60');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/gender=female/);
  await expect(page).toHaveURL(/country=NL/);
  await expect(page.getByTestId('search-count')).not.toHaveText(totalText);
  const filteredText = (await page.getByTestId('search-count').textContent())!;
  const filtered = Number(filteredText.match(/\d+/)?.[0] ?? '0');

  // The server keeps counts for a while, and journeys beside this one sign members up, so the cleared search's
  // count may be older than the filtered one: everyone is counted afresh under an address of this test alone.
  await page.goto('/members?gender=&country=&region=&min_age=18&max_age=99');
  await expect(page.getByTestId('search-count')).not.toHaveText(filteredText);
  const everyone = Number((await page.getByTestId('search-count').textContent())!.match(/\d+/)![0]);
  expect(filtered).toBeLessThan(everyone);
  await page.getByRole('link', { name: 'Wissen' }).click();
  await expect(page).toHaveURL(/\/members\?gender=&country=&region=&min_age=&max_age=$/);
  // More than one page: the journeys' server seeds 40 demo profiles (E2E_SEED_PROFILES), 24 to a page.
  expect(everyone).toBeGreaterThan(24);
  await page.getByTestId('search-next').click();
  await expect(page).toHaveURL(/cursor=\d+/);
  await expect(page.getByTestId('search-results').locator('.member-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
