import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import {
  dismissEntryWarning,
  expect,
  expectWithinViewportWidth,
  loginToMembers,
  type Page,
  test,
  waitUntilLive,
} from './support/fixtures.ts';
import { takeScreenshots } from './support/screenshots.ts';

// The member's transactions, a receipt with its refund, and the repeat order, at 375 px with one look at a desktop.
// Orders are paid as a member pays them: POST /api/orders.php, then the sandbox's hosted checkout.

test.use({ viewport: { width: 375, height: 740 } });

const client = { 'x-request-type': 'client' };

/** Intl writes money with a no-break space; the page's text compares as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect.soft(serious, `serious or critical WCAG violations on ${label}`).toEqual([]);
}

/** The smallest package of the member's shop. */
async function smallestPackage(api: APIRequestContext): Promise<{ id: number; credits: number; price: number }> {
  const answer = await api.get('/api/packages.php');
  expect(answer.status()).toBe(200);
  return (await answer.json()).packages[0];
}

/** Orders a package as the member (the browser's session) and answers the order and where to pay it. */
async function orderPackage(page: Page, packageId: number) {
  const answer = await page.request.post('/api/orders.php', {
    headers: client,
    data: { package: packageId, payment_method: 'ideal', issuer: 'ideal_INGBNL2A' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { order: { id: number }; checkout_url: string };
}

/** Chooses what the bank does on the sandbox's hosted checkout. */
async function chooseOutcome(page: Page, checkoutUrl: string, outcome: 'paid' | 'canceled') {
  await page.goto(new URL(checkoutUrl).pathname);
  await page.locator(`button[name="status"][value="${outcome}"]`).click();
  await expect(page).not.toHaveURL(/\/sandbox\/checkout\//);
}

/** Waits until the order has the status (the return visit or the webhook applies the provider's answer). */
async function expectOrderStatus(page: Page, orderId: number, status: string) {
  await expect(async () => {
    const answer = await page.request.get(`/api/orders.php?id=${orderId}`);
    expect((await answer.json()).order?.status).toBe(status);
  }).toPass({ timeout: 15_000 });
}

test('a member finds a paid order in the transactions, prints its receipt, repeats it and asks the money back', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await dismissEntryWarning(context, baseURL!);
  // The demo member's new likes come up as the like modal once the likes reload; it is closed wherever it shows.
  await page.addLocatorHandler(page.locator('#like-modal, #match-modal'), async (modal) => {
    await modal.getByRole('button', { name: 'Sluiten' }).first().click();
  });
  await loginToMembers(page, 'premium@hartklop.test');
  const pkg = await smallestPackage(page.request);
  const bought = await orderPackage(page, pkg.id);
  const orderId = bought.order.id;
  await chooseOutcome(page, bought.checkout_url, 'paid');
  await expectOrderStatus(page, orderId, 'paid');

  // The account menu leads to the transactions; the order is on top, as a card on the phone.
  await page.goto('/members');
  await waitUntilLive(page);
  const account = page.getByTestId('account-menu');
  await account.locator('summary').click();
  await account.getByRole('link', { name: 'Transacties' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transacties');
  const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
  await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-order', String(orderId));
  await expect(row.getByRole('link', { name: new RegExp(`^Nr\\. ${orderId}\\b.*bon bekijken$`) })).toBeVisible();
  await expect(row.getByTestId('order-status')).toHaveText('Betaald');
  expect(plain(await row.innerText())).toContain('50 credits');
  expect(plain(await row.innerText())).toContain('€ 14,99');
  expect(plain(await row.innerText())).toContain('€ 2,60 (21%)');
  expect(plain(await row.innerText())).toContain('iDEAL');
  // On the phone every cell says what it is, the column headers are for screen readers only.
  await expect(row.locator('td[data-label="Bedrag"]')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Bedrag' })).not.toBeInViewport();
  await expectWithinViewportWidth(page, [row]);
  await takeScreenshots(page, 'transactions-orders');
  await expectNoSeriousViolations(page, '/transactions');

  // One desktop look: the same list is a table with its column headers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Btw' })).toBeVisible();
  const cells = row.locator('td');
  await expect(cells).toHaveCount(6);
  const amountBox = (await row.locator('td[data-label="Bedrag"]').boundingBox())!;
  const dateBox = (await row.locator('td[data-label="Datum"]').boundingBox())!;
  expect(Math.abs(amountBox.y - dateBox.y), 'the cells of a row side by side').toBeLessThan(4);
  await page.setViewportSize({ width: 375, height: 740 });

  // The credit movements: the purchase, linked to its receipt.
  await page.getByTestId('transactions-tab-credits').click();
  await expect(page).toHaveURL(/\/transactions\?tab=credits$/);
  const purchase = page.locator('[data-testid="credit-row"][data-reason="purchase"]').first();
  await expect(purchase).toContainText('Aankoop');
  await expect(purchase).toContainText('+50');
  await expect(purchase.getByRole('link', { name: `Bestelling ${orderId}` })).toBeVisible();
  await takeScreenshots(page, 'transactions-credits');

  // The receipt: seller with KvK and VAT number of the buyer's country, buyer, the lines, and printing.
  await purchase.getByRole('link', { name: `Bestelling ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${orderId}$`));
  await waitUntilLive(page);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(`Bon van bestelling ${orderId}`);
  const seller = receipt.getByTestId('receipt-seller');
  await expect(seller).toContainText('Hartklop Media B.V.');
  await expect(seller).toContainText('Keizersgracht 100');
  await expect(seller).toContainText('KvK-nummer 81234567');
  await expect(seller).toContainText('Btw-nummer NL862345678B01');
  await expect(receipt.getByTestId('receipt-number')).toHaveText(String(orderId));
  expect(plain(await receipt.getByTestId('receipt-total').innerText())).toBe('€ 14,99');
  expect(plain(await receipt.getByTestId('receipt-lines').innerText())).toContain('Waarvan btw (21%)');
  await expect(receipt.getByTestId('order-status')).toHaveText('Betaald');
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeVisible();
  await takeScreenshots(page, 'transactions-receipt');
  await expectNoSeriousViolations(page, '/transactions/{id}');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.top-nav')).toBeHidden();
  await expect(page.getByTestId('site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The repeat order offers the same package at today's price and goes to the checkout with iDEAL again.
  await page.goto('/credits/repeat-order');
  await waitUntilLive(page);
  const offer = page.getByTestId('repeat-offer');
  expect(plain(await offer.innerText())).toContain('50 credits');
  expect(plain(await page.getByTestId('repeat-price').innerText())).toBe('€ 14,99');
  await expect(page.getByTestId('repeat-method')).toHaveText('Je betaalt weer met iDEAL.');
  await takeScreenshots(page, 'repeat-order');
  await expectNoSeriousViolations(page, '/credits/repeat-order');
  await page.getByRole('button', { name: 'Bestellen en betalen' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_\w+$/);
  const repeated = page.url();
  await chooseOutcome(page, repeated, 'canceled');
  await page.goto('/transactions');
  const newest = page.getByTestId('order-row').first();
  const repeatedId = Number(await newest.getAttribute('data-order'));
  expect(repeatedId).toBeGreaterThan(orderId);
  await expectOrderStatus(page, repeatedId, 'canceled');
  await page.reload();
  await expect(newest.getByTestId('order-status')).toHaveText('Geannuleerd');
  expect(plain(await newest.innerText())).toContain('50 credits');
  // An order not paid can be paid still: on the payment screen, with the method chosen before.
  await expect(newest.getByRole('link', { name: 'Betalen' })).toHaveAttribute('href', `/credits/${repeatedId}/ideal`);
  await takeScreenshots(page, 'transactions-orders-unpaid');
  await newest.getByRole('link', { name: /bon bekijken/ }).click();
  await expect(page.getByTestId('receipt-pay')).toHaveAttribute('href', `/credits/${repeatedId}/ideal`);
  await expect(page.getByTestId('receipt').getByText('Te betalen')).toBeVisible();
  await expect(page.getByTestId('refund')).toHaveCount(0);

  // The refund asks once more, says what comes back, and takes the credits off the balance.
  await page.goto(`/transactions/${orderId}`);
  await waitUntilLive(page);
  const refund = page.getByTestId('refund');
  await refund.locator('summary').click();
  expect(plain(await refund.innerText())).toContain('Je krijgt € 14,99 terug voor 50 ongebruikte credits.');
  await refund.getByRole('button', { name: 'Ja, terugbetalen' }).click();
  await expect(page.getByTestId('refund-done')).toContainText('Je terugbetaling is aangevraagd.');
  await expect(receipt.getByTestId('order-status')).toHaveText('Terugbetaald');
  await expect(page.getByTestId('refund')).toHaveCount(0);
  await page.goto('/transactions?tab=credits');
  const reversal = page.locator('[data-testid="credit-row"][data-reason="refund"]').first();
  await expect(reversal).toContainText('Terugbetaling');
  expect(plain(await reversal.innerText())).toMatch(/[-−]50/);
  await expect(reversal.getByRole('link', { name: `Bestelling ${orderId}` })).toBeVisible();
});

test('a new member sees empty lists and no order to repeat; another member’s receipt is no page', async ({
  page,
  context,
  baseURL,
  member,
  playwright,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  await dismissEntryWarning(context, baseURL!);
  await page.goto('/transactions');
  await waitUntilLive(page);
  await expect(page.getByTestId('transactions-empty')).toContainText('Nog geen bestellingen');
  await expect(page.getByTestId('transactions-balance')).toHaveText('Saldo: 15 credits');
  await expect(page.getByRole('link', { name: 'Vorige bestelling herhalen' })).toHaveCount(0);
  await takeScreenshots(page, 'transactions-empty');
  // The welcome credits of the confirmed address are the first movement.
  await page.getByTestId('transactions-tab-credits').click();
  const welcome = page.getByTestId('credit-row');
  await expect(welcome).toHaveCount(1);
  await expect(welcome).toContainText('Welkomstcredits');
  await expect(welcome).toContainText('+15');
  await expect(welcome.locator('td[data-label="Saldo daarna"]')).toContainText('15');

  await page.goto('/credits/repeat-order');
  await expect(page.getByTestId('repeat-none')).toContainText('Nog geen eerdere bestelling');
  await expect(page.getByRole('button', { name: 'Bestellen en betalen' })).toHaveCount(0);

  // Someone else's order answers as no order at all.
  const premium = await playwright.request.newContext({ baseURL, extraHTTPHeaders: client });
  try {
    expect(
      (
        await premium.post('/api/user.php', { data: { email: 'premium@hartklop.test', password: 'hartklop-demo' } })
      ).status(),
    ).toBe(200);
    const answer = await premium.post('/api/orders.php', {
      data: { package: (await smallestPackage(premium)).id, payment_method: 'creditcard' },
    });
    expect(answer.status()).toBe(200);
    const othersOrder = (await answer.json()).order.id as number;
    expect((await page.goto(`/transactions/${othersOrder}`))?.status()).toBe(404);
    expect((await page.goto('/transactions/abc'))?.status()).toBe(404);
    expect((await page.goto('/transactions?before=x'))?.status()).toBe(404);
    expect((await page.goto('/transactions?tab=nothing'))?.status()).toBe(404);
  } finally {
    await premium.dispose();
  }

  // A visitor is sent to log in and comes back.
  await context.clearCookies();
  const visitor = await page.request.get('/transactions/1', { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toBe('/login?redirect=%2Ftransactions%2F1');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member repeats an order and asks a refund with plain forms', async ({ page, context, baseURL, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    await dismissEntryWarning(context, baseURL!);
    const bought = await orderPackage(page, (await smallestPackage(page.request)).id);
    const orderId = bought.order.id;
    await chooseOutcome(page, bought.checkout_url, 'paid');
    await expectOrderStatus(page, orderId, 'paid');

    // The repeat order's form goes on to the provider's checkout.
    await page.goto('/transactions');
    await page.getByRole('link', { name: 'Vorige bestelling herhalen' }).click();
    await page.getByRole('button', { name: 'Bestellen en betalen' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_\w+$/);

    // The refund opens on <details>, posts, and the page after the redirect says it is done.
    // A new member's first order has the time bonus: the receipt shows the list price, the discount and what was paid.
    await page.goto(`/transactions/${orderId}`);
    await expect(page.getByRole('button', { name: 'Afdrukken' })).toHaveCount(0);
    expect(plain(await page.getByTestId('receipt-discount').innerText())).toMatch(
      /^Korting TIMEBONUS25 \(25%\)\s+€ [-−]3,75$/,
    );
    expect(plain(await page.getByTestId('receipt-total').innerText())).toBe('€ 11,24');
    await page.getByTestId('refund').locator('summary').click();
    expect(plain(await page.getByTestId('refund').innerText())).toContain(
      'Je krijgt € 11,24 terug voor 50 ongebruikte credits.',
    );
    await page.getByRole('button', { name: 'Ja, terugbetalen' }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${orderId}\\?refund=done$`));
    await expect(page.getByTestId('refund-done')).toContainText('Je terugbetaling is aangevraagd.');
    await expect(page.getByTestId('receipt').getByTestId('order-status')).toHaveText('Terugbetaald');
    await expect(page.getByTestId('refund')).toHaveCount(0);
    await takeScreenshots(page, 'transactions-receipt-refunded');
    // Sent again (the back button and a second press): the shop refuses, and the page says so.
    const again = await page.request.post(`/transactions/${orderId}`, { form: { intent: 'refund' } });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain('Deze bestelling kan niet meer worden terugbetaald.');
  });
});
