import { dismissEntryWarning, expect, expectWithinViewportWidth, test, waitUntilLive } from './support/fixtures.ts';

// A fresh member each test: a cool-off cannot be ended, and a demo account must stay free to buy in other journeys.

test('a member lowers the monthly limit, sees a raise wait 24 hours, and starts a 24-hour cool-off', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await dismissEntryWarning(context, baseURL!);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/settings');
  await waitUntilLive(page);
  await page.getByRole('link', { name: 'Uitgaven beschermen' }).click();
  const section = page.locator('#spend-protection');
  await expect(section.getByRole('heading', { level: 2, name: 'Uitgaven beschermen' })).toBeInViewport();
  // New members start with the site's default.
  await expect(section.getByTestId('spend-limit')).toContainText(/^€\s500 per maand/);
  await expect(section.getByTestId('spend-limit').getByText('Standaardlimiet van Hartklop')).toBeVisible();
  await expect(section.getByTestId('spend-spent')).toHaveText(/^€\s0$/);
  await expectWithinViewportWidth(page, [section]);

  // A typed "1.000" is refused, not read as 1.
  const limit = section.getByLabel('Nieuwe maandlimiet in €');
  await limit.fill('1.000');
  await section.getByRole('button', { name: 'Limiet opslaan' }).click();
  await expect(section.locator('#spend-limit-input-error')).toHaveText('Vul een heel bedrag in, van 0 tot 100.000.');

  // Lower: at once.
  await limit.fill('100');
  await section.getByRole('button', { name: 'Limiet opslaan' }).click();
  await expect(section.getByTestId('spend-limit-status')).toHaveText('Je nieuwe limiet geldt vanaf nu.');
  await expect(section.getByTestId('spend-limit')).toHaveText(/^€\s100 per maand$/);
  await expect(section.getByTestId('spend-left')).toHaveText(/^€\s100$/);

  // Higher: it waits 24 hours, and can be taken back.
  await section.getByLabel('Nieuwe maandlimiet in €').fill('300');
  await section.getByRole('button', { name: 'Limiet opslaan' }).click();
  await expect(section.getByTestId('spend-limit-status')).toContainText('Je wijziging geldt vanaf ');
  await expect(section.getByTestId('spend-pending')).toContainText(/gaat je limiet omhoog naar €\s300 per maand/);
  await expect(section.getByTestId('spend-limit')).toHaveText(/^€\s100 per maand$/);
  await section.getByRole('button', { name: 'Mijn huidige limiet houden' }).click();
  await expect(section.getByTestId('spend-pending')).toHaveCount(0);
  await expect(section.getByTestId('spend-limit')).toHaveText(/^€\s100 per maand$/);

  // The cool-off asks first, then starts.
  await section.getByLabel('24 uur').check();
  await section.getByRole('button', { name: 'Verder' }).click();
  const confirm = section.getByTestId('cool-off-confirm');
  await expect(confirm.getByRole('heading', { name: 'Weet je het zeker?' })).toBeVisible();
  await expect(confirm).toContainText('kun je niets kopen. Je kunt deze pauze niet eerder stoppen of inkorten.');
  await expect(page).toHaveURL(/\/settings\?cool_off=24h/);
  await expectWithinViewportWidth(page, [confirm]);
  await confirm.getByRole('button', { name: 'Ja, start mijn pauze' }).click();
  await expect(section.getByTestId('cool-off-status')).toHaveText('Je bedenkpauze is ingesteld.');
  await expect(section.getByTestId('cool-off-running')).toContainText('Je bedenkpauze loopt tot ');
  // Another 24 hours would add next to nothing: only the longer ones are offered.
  await expect(section.getByLabel('24 uur')).toHaveCount(0);
  await expect(section.getByLabel('30 dagen')).toBeVisible();

  const answer = await (await page.request.get('/api/spend-protection.php')).json();
  expect(answer.spend_protection).toMatchObject({ monthly_limit: 100, own_limit: 100, pending_limit: null });
  const until = Date.parse(answer.spend_protection.cool_off_until);
  expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  expect(until - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

  // What the page says holds after a reload.
  await page.reload();
  await expect(page.locator('#spend-protection').getByTestId('spend-limit')).toHaveText(/^€\s100 per maand$/);
  await expect(page.locator('#spend-protection').getByTestId('cool-off-running')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member lowers the limit and starts a cool-off with plain forms', async ({
    page,
    context,
    baseURL,
    member: _member,
  }) => {
    await dismissEntryWarning(context, baseURL!);
    await page.goto('/settings#spend-protection');
    const section = page.locator('#spend-protection');
    await section.getByLabel('Nieuwe maandlimiet in €').fill('50');
    await section.getByRole('button', { name: 'Limiet opslaan' }).click();
    await expect(page).toHaveURL(/\/settings\?done=spend_limit#spend-protection$/);
    await expect(section.getByTestId('spend-limit-status')).toHaveText('Je nieuwe limiet geldt vanaf nu.');
    await expect(section.getByTestId('spend-limit')).toHaveText(/^€\s50 per maand$/);

    await section.getByLabel('30 dagen').check();
    await section.getByRole('button', { name: 'Verder' }).click();
    await expect(page).toHaveURL(/\/settings\?cool_off=30d#cool-off-confirm$/);
    // Cancelling changes nothing.
    await section.getByRole('link', { name: 'Annuleren' }).click();
    await expect(section.getByTestId('cool-off-running')).toHaveCount(0);
    await section.getByLabel('30 dagen').check();
    await section.getByRole('button', { name: 'Verder' }).click();
    await section.getByRole('button', { name: 'Ja, start mijn pauze' }).click();
    await expect(page).toHaveURL(/\/settings\?done=cool_off#cool-off$/);
    await expect(section.getByTestId('cool-off-status')).toHaveText('Je bedenkpauze is ingesteld.');
    await expect(section.getByTestId('cool-off-running')).toContainText('Je bedenkpauze loopt tot ');
  });
});
