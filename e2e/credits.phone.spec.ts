import { expect, type Page, test, waitUntilLive } from './support/fixtures.ts';

/** On the payment screen of a new order: picks the method (`index` in the list) and its first bank where it has one. */
async function payWith(page: Page, index: number) {
  const method = page.locator('.payment-method').nth(index);
  const name = (await method.textContent())!.trim();
  await method.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const bank = page.getByLabel('Kies je bank');
  if (await bank.isVisible()) await bank.selectOption({ index: 1 });
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_\w+$/);
  return name;
}

/** Orders the smallest package from /premium and lands on its payment screen. */
async function orderSmallest(page: Page) {
  await page.goto('/premium');
  await waitUntilLive(page);
  await expect(page.getByText('Premiumleden hebben 46% meer kans op een match')).toBeVisible();
  await page.getByTestId('package-50').getByRole('button', { name: 'Kies deze bundel' }).click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Kies hoe je betaalt' })).toBeVisible();
}

test.describe('buying credits on a phone', () => {
  test('a free member buys the smallest package through the sandbox and becomes premium with the credits in the nav', async ({
    page,
    member,
  }) => {
    expect(member.email).toContain('@');
    await page.goto('/members');
    await waitUntilLive(page);
    await expect(page.getByRole('link', { name: 'Word premium' }).first()).toBeAttached();
    await orderSmallest(page);
    // The time bonus of a new member is in the price: 25% off 14.99.
    await expect(page.locator('.payment-summary')).toContainText('11,24');
    await payWith(page, 0);
    await expect(page.getByTestId('sandbox-amount')).toContainText('11,24');
    await page.getByRole('button', { name: 'Betalen', exact: true }).click();
    await expect(page).toHaveURL(/\/credits\/\d+\/[a-z]+$/);
    const toast = page.getByTestId('payment-completed');
    await expect(toast).toContainText(/Bestelling \d+ is betaald: 50 credits staan op je account\./);
    await expect(page.getByRole('heading', { name: 'Betaling gelukt' })).toBeVisible();
    // Premium now: the nav offers credits instead of premium, and the balance is the signup's 15 plus 50.
    await expect(page.getByRole('link', { name: 'Word premium' })).toHaveCount(0);
    const me = await page.request.get('/api/user.php');
    expect((await me.json()).user).toMatchObject({ paid_user: true, credits: 65 });
    await expect(page.getByTestId('nav-credits').first()).toBeAttached();
  });

  test('a failed payment says so, and another method pays the same order', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    await orderSmallest(page);
    const orderUrl = page.url();
    const first = await payWith(page, 0);
    await page.getByRole('button', { name: 'Laten mislukken' }).click();
    const failed = page.getByTestId('payment-failed');
    await expect(failed).toContainText('Betaling mislukt');
    await expect(failed).toContainText('De betaling is mislukt of geannuleeerd.');
    await expect(page.getByRole('heading', { name: 'Probeer het met een andere betaalmethode' })).toBeVisible();
    // The failed method is not offered again first; the next one pays.
    await expect(page.locator('.payment-method').first()).not.toHaveText(first);
    await payWith(page, 0);
    await page.getByRole('button', { name: 'Betalen', exact: true }).click();
    await expect(page.getByTestId('payment-completed')).toBeVisible();
    expect(page.url().startsWith(orderUrl)).toBe(true);
    const me = await page.request.get('/api/user.php');
    expect((await me.json()).user).toMatchObject({ paid_user: true, credits: 65 });
  });

  test('a direct-debit order: the SMS code from the local SMS box, the IBAN, one authorised debit', async ({
    page,
    member,
    playwright,
    baseURL,
  }) => {
    expect(member.userId).toBeGreaterThan(0);
    await orderSmallest(page);
    const orderPath = new URL(page.url()).pathname;
    await page.getByTestId('method-directdebit').click();
    await page.getByRole('link', { name: 'Verder met automatische incasso' }).click();
    await expect(page.getByRole('heading', { name: 'Betalen met automatische incasso' })).toBeVisible();
    const phone = `+3161${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await page.getByLabel('Je mobiele nummer').fill(phone);
    await page.getByRole('button', { name: 'Stuur de code' }).click();
    await expect(page.getByLabel('Code uit de sms')).toBeVisible();

    // A wrong code first: the spec's words, and nothing moves on.
    await page.getByLabel('Code uit de sms').fill('000000');
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByText('Code ongeldig')).toBeVisible();

    const smsbox = await playwright.request.newContext({ baseURL });
    let code = '';
    await expect(async () => {
      const answer = await smsbox.get(`/dev/smsbox.json?to=${encodeURIComponent(phone)}`);
      code = (await answer.json()).messages[0]?.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 10_000 });
    await smsbox.dispose();
    await page.getByLabel('Code uit de sms').fill(code);
    await page.getByRole('button', { name: 'Bevestigen' }).click();

    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('Naam rekeninghouder').fill('M. de Vries');
    await page.getByLabel('Straat en huisnummer').fill('Kerkstraat 1');
    await page.getByLabel('Postcode').fill('1017 GA');
    await page.getByLabel('Woonplaats').fill('Amsterdam');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    // The bank takes a moment: pending first, then paid, without reloading by hand.
    await expect(page).toHaveURL(new RegExp(`${orderPath}/directdebit$`));
    await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 30_000 });
    const me = await page.request.get('/api/user.php');
    expect((await me.json()).user).toMatchObject({ paid_user: true, credits: 65 });
  });
});
