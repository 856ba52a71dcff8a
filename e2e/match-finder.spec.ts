import { dismissEntryWarning, expect, loginToMembers, type Page, test, waitUntilLive } from './support/fixtures.ts';

const screenshots = process.env.MATCH_FINDER_SCREENSHOTS;

/** Screenshots at a phone's and a desktop's width, when asked for (MATCH_FINDER_SCREENSHOTS=<folder>). */
async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  const size = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

const question = (page: Page, name: string) => page.getByRole('group', { name });

test('a member answers the match finder, sees ranked matches with like buttons, and finds the answers kept', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await dismissEntryWarning(context, baseURL!);
  await loginToMembers(page, 'demo@hartklop.test');

  // From the members page, a small link.
  await page.getByRole('link', { name: 'Matchfinder' }).click();
  await expect(page).toHaveURL(/\/match-finder$/);
  await waitUntilLive(page);
  await expect(page.getByRole('heading', { name: 'Wie past bij jou?' })).toBeVisible();
  await shoot(page, 'match-finder-form');

  const gender = question(page, 'Wie zoek je?');
  const place = question(page, 'Waar mag je match wonen?');
  const interests = question(page, 'Wat vind je leuk?');
  await gender.getByText('Maakt niet uit').click();
  await place.getByText('Maakt niet uit').click();

  // A wrong age range is refused in the browser, by the shared schema, and named in the visitor's words.
  await page.getByLabel('Van', { exact: true }).fill('60');
  await page.getByLabel('tot en met').fill('30');
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(question(page, 'Hoe oud mag je match zijn?')).toContainText(
    'De invoer is ongeldig (leeftijd tot en met).',
  );
  await expect(page).toHaveURL(/\/match-finder$/);
  await shoot(page, 'match-finder-error');
  await page.getByLabel('Van', { exact: true }).fill('18');
  await page.getByLabel('tot en met').fill('99');

  // At most five interests: with five ticked, the others wait.
  // Untick the profile's own interests first (the boxes hide behind their chips).
  const tickedBoxes = interests.getByRole('checkbox', { checked: true });
  while ((await tickedBoxes.count()) > 0)
    await tickedBoxes.first().evaluate((box) => (box as HTMLInputElement).click());
  await expect(interests.getByRole('checkbox', { checked: true })).toHaveCount(0);
  for (const name of ['Reizen', 'Koken', 'Muziek', 'Wijn', 'Lezen'])
    await interests.getByText(name, { exact: true }).click();
  await expect(interests.getByRole('checkbox', { name: 'Fietsen' })).toBeDisabled();
  await interests.getByText('Wijn', { exact: true }).click();
  await interests.getByText('Lezen', { exact: true }).click();
  await expect(interests.getByRole('checkbox', { name: 'Fietsen' })).toBeEnabled();

  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(page).toHaveURL(/\/match-finder\?results=1$/);
  await expect(page.getByRole('heading', { name: 'Jouw beste matches' })).toBeVisible();
  const results = page.getByTestId('match-result');
  const count = await results.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(24);
  await expect(results.first().getByTestId('like-button')).toBeVisible();
  expect(await page.getByTestId('match-results').getByTestId('like-button').count()).toBe(count);
  // Those who share an interest come first: once a card without one shows, no card after it has one.
  const shares = await results.evaluateAll((cards) =>
    cards.map((card) => card.querySelector('.match-reason') !== null),
  );
  expect(shares).toEqual([...shares].sort((a, b) => Number(b) - Number(a)));
  await waitUntilLive(page);
  await shoot(page, 'match-finder-results');

  // Liking a card fills its button, also after a reload; taking it back leaves the member as they were.
  const first = results.first();
  const name = (await first.locator('h3 a').textContent())!;
  const likeButton = first.getByTestId('like-button');
  const wasLiked = (await likeButton.getAttribute('aria-pressed')) === 'true';
  if (!wasLiked) {
    await likeButton.click();
    await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await waitUntilLive(page);
    const again = page.getByTestId('match-result').filter({ hasText: name }).first().getByTestId('like-button');
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    await again.click();
    await expect(again).toHaveAttribute('aria-pressed', 'false');
  }

  // Next time the questionnaire holds the answers given.
  await page.goto('/members');
  await page.getByRole('link', { name: 'Matchfinder' }).click();
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(page.getByTestId('match-finder-saved')).toBeVisible();
  await expect(gender.getByRole('radio', { name: 'Maakt niet uit' })).toBeChecked();
  await expect(place.getByRole('radio', { name: 'Maakt niet uit' })).toBeChecked();
  await expect(page.getByLabel('Van', { exact: true })).toHaveValue('18');
  await expect(page.getByLabel('tot en met')).toHaveValue('99');
  const ticked = await interests
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  expect(ticked.sort()).toEqual(['cooking', 'music', 'travel']);
  await page.getByTestId('match-finder-saved').click();
  await expect(page).toHaveURL(/\/match-finder\?results=1$/);
  await expect(page.getByTestId('match-result')).toHaveCount(count);
});

test('the match finder works without JavaScript, and sends a visitor to log in first', async ({
  browser,
  baseURL,
  member: _member,
  context,
}) => {
  const anonymous = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitor = await anonymous.newPage();
  await visitor.goto('/match-finder');
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fmatch-finder$/);
  await anonymous.close();

  // The fixture's member, in a browser without script.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await plain.addCookies(await context.cookies());
  await dismissEntryWarning(plain, baseURL!);
  const page = await plain.newPage();
  await page.goto('/match-finder');
  // A new member's first questionnaire comes from their profile: a straight woman looks for a man.
  await expect(question(page, 'Wie zoek je?').getByRole('radio', { name: 'Een man' })).toBeChecked();
  await page.getByLabel('Van', { exact: true }).fill('50');
  await page.getByLabel('tot en met').fill('40');
  await question(page, 'Waar mag je match wonen?').getByText('Binnen 50 km').click();
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  // The action refuses with the same schema and shows the form again as it was sent.
  await expect(question(page, 'Hoe oud mag je match zijn?')).toContainText('De invoer is ongeldig');
  await expect(page.getByLabel('Van', { exact: true })).toHaveValue('50');
  await expect(question(page, 'Waar mag je match wonen?').getByRole('radio', { name: 'Binnen 50 km' })).toBeChecked();
  await page.getByLabel('tot en met').fill('70');
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(page).toHaveURL(/\/match-finder\?results=1$/);
  await expect(page.getByRole('heading', { name: 'Jouw beste matches' })).toBeVisible();
  await page.getByTestId('match-finder-change').click();
  await expect(page.getByLabel('Van', { exact: true })).toHaveValue('50');
  await plain.close();
});
