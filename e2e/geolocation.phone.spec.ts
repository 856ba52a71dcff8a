import { dismissEntryWarning, expect, test, waitUntilLive } from './support/fixtures.ts';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 52.0907, longitude: 5.1214 } });

test('with the browser position a member searches near them and fills in the living area', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/members');
  await waitUntilLive(page);

  await page.getByRole('button', { name: 'In mijn buurt' }).click();
  await expect(page).toHaveURL(/country=NL/);
  await expect(page).toHaveURL(/region=NL-UT/);
  await expect(page.getByLabel('Regio')).toHaveValue('NL-UT');

  await page.goto('/profile');
  await waitUntilLive(page);
  // Another country's regions come from the API once it is chosen (the page brings only its own country's).
  await page.getByLabel('Land', { exact: true }).selectOption('BE');
  await page.locator('#own-region').selectOption('BE-VAN');
  await page.getByRole('button', { name: 'Gebruik mijn locatie' }).click();
  await expect(page.getByLabel('Land', { exact: true })).toHaveValue('NL');
  await expect(page.locator('#own-region')).toHaveValue('NL-UT');
  await expect(page.locator('#own-city')).toHaveValue('Utrecht');
  await expect(page.getByTestId('location-note')).toContainText('Utrecht');
});

test('a member who does not share the position is told so', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ permissions: [] });
  await dismissEntryWarning(context, baseURL!);
  const page = await context.newPage();
  await page.goto(`${baseURL}/members?network=partner-7`);
  await waitUntilLive(page);
  await page.getByRole('button', { name: 'In mijn buurt' }).click();
  await expect(page.getByTestId('geo-problem')).toHaveText(
    'Je hebt het delen van je locatie niet toegestaan. Dat kun je in je browser wijzigen.',
  );
  await context.close();
});
