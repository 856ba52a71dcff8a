import { expect, test } from '@playwright/test';
import { dismissEntryWarning, loginToMembers } from './support/fixtures.ts';

test('a free member opens a profile, sees locked photos, blocks the member and no longer finds them', async ({
  page,
  context,
  baseURL,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await loginToMembers(page, 'demo@hartklop.test');

  // Open a member with more than one photo.
  const cards = page.getByTestId('search-results').locator('.member-card');
  const count = await cards.count();
  let opened = '';
  for (let i = 0; i < count; i++) {
    await cards.nth(i).locator('a.stretched-link').click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    if ((await page.locator('.member-thumb').count()) > 1) {
      opened = page.url();
      break;
    }
    await page.goBack();
  }
  expect(opened).not.toBe('');
  const memberId = Number(opened.split('/').pop());
  await page.locator('.member-thumb').nth(1).click();
  await expect(page.getByTestId('photo-locked')).toContainText('Word premiumlid om alle foto’s te bekijken.');

  await page.getByRole('button', { name: 'Blokkeren' }).click();
  const modal = page.locator('#block-user-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Ja, blokkeren' }).click();
  await expect(page).toHaveURL(/\/members$/);
  const ids = await page
    .getByTestId('search-results')
    .locator('a.stretched-link')
    .evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')!.split('/').pop())));
  expect(ids).not.toContain(memberId);

  // Unblock from the profile again, so other journeys see the demo data unchanged.
  await page.goto(`/members/${memberId}`);
  await page.getByRole('button', { name: 'Deblokkeren' }).click();
  await expect(page.getByRole('button', { name: 'Blokkeren' })).toBeVisible();
});
