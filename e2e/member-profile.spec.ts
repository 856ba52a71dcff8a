import {
  dismissEntryWarning,
  expect,
  firstFound,
  type Page,
  searchPages,
  test,
  waitUntilLive,
} from './support/fixtures.ts';

/** The members the search lists, on every page. */
async function membersOnEverySearchPage(page: Page): Promise<number[]> {
  const ids: number[] = [];
  for await (const searchPage of searchPages(page)) {
    const hrefs = await searchPage
      .getByTestId('search-results')
      .locator('a.stretched-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    ids.push(...hrefs.map((href) => Number(href.split('/').pop())));
  }
  return ids;
}

test('a free member opens a profile, sees locked photos, blocks the member and no longer finds them; unblocking brings them back', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);

  // A member with more than one photo: the second is locked for a free member.
  const photographed = await firstFound(page.request, async (found) => {
    const answer = await page.request.get(`/api/member.php?id=${found.id}`);
    return (await answer.json()).member.photo_count > 1;
  });
  expect(photographed).not.toBeNull();
  const memberId = photographed!.id;
  expect(await membersOnEverySearchPage(page)).toContain(memberId);

  await page.goto(`/members/${memberId}`);
  await waitUntilLive(page);
  await page.locator('.member-thumb').nth(1).click();
  await expect(page.getByTestId('photo-locked')).toContainText('Word premiumlid om alle foto’s te bekijken.');

  // Nothing to press but the way to premium.
  await page.getByTestId('photo-locked-premium').click();
  await expect(page).toHaveURL(/\/premium$/);
  await page.goto(`/members/${memberId}`);
  await waitUntilLive(page);

  // Blocking asks first, in a modal: Escape closes it, and the button opens it again.
  const blockLink = page.getByRole('link', { name: 'Blokkeren', exact: true });
  const dialog = page.getByRole('dialog', { name: 'blokkeren?' });
  await blockLink.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/members/${memberId}$`));
  await blockLink.click();
  await dialog.getByRole('button', { name: 'Ja, blokkeren' }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect(await membersOnEverySearchPage(page)).not.toContain(memberId);

  // The blocked member's page still offers the way back.
  await page.goto(`/members/${memberId}`);
  await waitUntilLive(page);
  await page.getByRole('button', { name: 'Deblokkeren' }).click();
  await expect(page.getByRole('link', { name: 'Blokkeren', exact: true })).toBeVisible();
  expect(await membersOnEverySearchPage(page)).toContain(memberId);
});

test('a visitor on a profile sees what signing up unlocks, with this member as the target', async ({
  page,
  context,
  baseURL,
}) => {
  await dismissEntryWarning(context, baseURL!);
  const found = await firstFound(page.request, () => true);
  await page.goto(`/members/${found!.id}`);
  const prompt = page.getByTestId('visitor-signup');
  await expect(prompt).toContainText(`Chat met ${found!.name}`);
  await prompt.getByRole('link', { name: 'Gratis aanmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${found!.id}/signup$`));
  await expect(page.getByText(found!.name).first()).toBeVisible();
});
