import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@app/shared/errors/app-error';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MollieFake, startMollieFake } from '../../test/mollie-fake.ts';
import { createMollieProvider } from './mollie-provider.ts';
import type { CreatePaymentInput, PaymentProvider } from './payment-provider.ts';

const apiKey = 'test_FakeKeyForTheLocalMollie000000';

/** The shop's webhook: records every call and answers with the queued statuses for its path, then 200. */
async function startReceiver() {
  const calls: { path: string; contentType: string | undefined; body: string }[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      calls.push({ path, contentType: request.headers['content-type'], body });
      response.statusCode = answers.get(path)?.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: MollieFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let mollie: PaymentProvider;

beforeAll(async () => {
  // The official client trusts only its bundled authorities, not the fake's throwaway certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  fake = await startMollieFake({ apiKey, webhookRetryDelaysMs: [10, 50, 200] });
  receiver = await startReceiver();
  mollie = createMollieProvider({ apiKey, apiEndpoint: fake.url });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    amount: { currency: 'EUR', cents: 1999 },
    description: '100 credits',
    method: 'ideal',
    redirectUrl: 'https://www.example.nl/credits/return?order=1',
    webhookUrl: `${receiver.url}/webhook`,
    locale: 'nl_NL',
    sequenceType: 'oneoff',
    metadata: { orderId: '1' },
    ...overrides,
  };
}

async function paidPayment(cents: number) {
  const payment = await mollie.createPayment(paymentInput({ amount: { currency: 'EUR', cents } }));
  fake.changePaymentState(payment.id, 'paid');
  return payment;
}

async function expectUnavailable(promise: Promise<unknown>, ...fragments: string[]): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('payment_provider_unavailable');
  for (const fragment of fragments) expect(appError.message).toContain(fragment);
  expect(appError.message).not.toContain(apiKey);
  return appError;
}

/** A call straight to the fake, to see Mollie's own answer rather than the adapter's. */
async function callFake(path: string, body?: unknown, key = apiKey) {
  const response = await fetch(new URL(path, fake.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the Mollie provider against the local Mollie', () => {
  it('creates an iDEAL payment at the chosen bank and reads it back', async () => {
    const created = await mollie.createPayment(paymentInput({ issuer: 'ideal_INGBNL2A' }));
    expect(created).toEqual({
      id: expect.stringMatching(/^tr_[A-Za-z0-9]{10}$/),
      status: 'open',
      amount: { currency: 'EUR', cents: 1999 },
      method: 'ideal',
      sequenceType: 'oneoff',
      checkoutUrl: expect.stringContaining('/checkout/test-mode?method=ideal&token='),
      customerId: null,
      mandateId: null,
      amountRefunded: { currency: 'EUR', cents: 0 },
      amountChargedBack: { currency: 'EUR', cents: 0 },
      metadata: { orderId: '1' },
    });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v2/payments',
      body: {
        amount: { currency: 'EUR', value: '19.99' },
        description: '100 credits',
        method: 'ideal',
        issuer: 'ideal_INGBNL2A',
        redirectUrl: 'https://www.example.nl/credits/return?order=1',
        webhookUrl: `${receiver.url}/webhook`,
        locale: 'nl_NL',
        sequenceType: 'oneoff',
        metadata: { orderId: '1' },
      },
    });
    expect(await mollie.getPayment(created.id)).toEqual(created);
    expect(fake.payments.get(created.id)?.issuer).toBe('ideal_INGBNL2A');
  });

  it('writes cents as Mollie strings with the currency decimals, and reads them back', async () => {
    const cases = [
      { currency: 'EUR', cents: 1, value: '0.01' },
      { currency: 'EUR', cents: 29, value: '0.29' },
      { currency: 'EUR', cents: 100_000, value: '1000.00' },
      { currency: 'PLN', cents: 4_999, value: '49.99' },
      { currency: 'JPY', cents: 1_500, value: '1500' },
    ];
    for (const { currency, cents, value } of cases) {
      const payment = await mollie.createPayment(paymentInput({ method: 'creditcard', amount: { currency, cents } }));
      expect(fake.requests.at(-1)?.body.amount).toEqual({ currency, value });
      expect((await mollie.getPayment(payment.id)).amount).toEqual({ currency, cents });
    }
    const before = fake.requests.length;
    await expectUnavailable(mollie.createPayment(paymentInput({ amount: { currency: 'EUR', cents: 10.5 } })), '10.5');
    expect(fake.requests.length).toBe(before);
  });

  it('reads every status the checkout can lead to, and final ones cannot change', async () => {
    for (const status of ['pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const) {
      const payment = await mollie.createPayment(paymentInput({ method: 'creditcard' }));
      fake.changePaymentState(payment.id, status);
      const read = await mollie.getPayment(payment.id);
      expect(read.status).toBe(status);
      expect(read.checkoutUrl).toBeNull();
    }
    const paid = await paidPayment(500);
    expect(() => fake.changePaymentState(paid.id, 'failed')).toThrow(/cannot go from paid to failed/);
    expect((await mollie.getPayment(paid.id)).status).toBe('paid');
  });

  it('lets the buyer choose the outcome on the test-mode checkout page and returns them to the shop', async () => {
    const payment = await mollie.createPayment(paymentInput());
    const page = await fetch(payment.checkoutUrl!);
    expect(await page.text()).toContain('value="paid"');
    const form = new URLSearchParams({ token: payment.id, method: 'ideal', status: 'paid' });
    const answer = await fetch(new URL('/checkout/test-mode', payment.checkoutUrl!), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('https://www.example.nl/credits/return?order=1');
    expect((await mollie.getPayment(payment.id)).status).toBe('paid');
  });

  it('charges a card again after a paid first payment, in the background and without a checkout', async () => {
    const customer = await mollie.createCustomer({ name: 'Anna de Vries', email: 'anna@example.nl', metadata: {} });
    expect(customer.id).toMatch(/^cst_[A-Za-z0-9]{10}$/);
    const recurring = paymentInput({ sequenceType: 'recurring', method: 'creditcard', customerId: customer.id });
    await expectUnavailable(mollie.createPayment(recurring), '422', 'No suitable mandates');

    const first = await mollie.createPayment(
      paymentInput({ sequenceType: 'first', method: 'creditcard', customerId: customer.id }),
    );
    expect(first).toMatchObject({ sequenceType: 'first', customerId: customer.id, mandateId: null });
    expect(first.checkoutUrl).not.toBeNull();
    fake.changePaymentState(first.id, 'paid');
    const { mandateId } = await mollie.getPayment(first.id);
    expect(mandateId).toMatch(/^mdt_[A-Za-z0-9]{10}$/);
    expect(await mollie.getMandate(customer.id, mandateId!)).toEqual({
      id: mandateId,
      status: 'valid',
      method: 'creditcard',
      details: { cardHolder: 'T. TEST', cardNumber: '6787', cardLabel: 'Mastercard' },
    });

    const charge = await mollie.createPayment({
      ...recurring,
      mandateId: mandateId!,
      amount: { currency: 'EUR', cents: 999 },
    });
    expect(charge).toMatchObject({ status: 'pending', sequenceType: 'recurring', method: 'creditcard', mandateId });
    expect(charge.checkoutUrl).toBeNull();
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('redirectUrl');
    fake.changePaymentState(charge.id, 'paid');
    expect((await mollie.getPayment(charge.id)).status).toBe('paid');
  });

  it('makes a SEPA direct-debit mandate from an IBAN and charges it', async () => {
    const customer = await mollie.createCustomer({ name: 'Jan Jansen', email: 'jan@example.nl', metadata: {} });
    const mandate = await mollie.createMandate(customer.id, {
      method: 'directdebit',
      consumerName: 'Jan Jansen',
      consumerAccount: 'NL91ABNA0417164300',
      signatureDate: '2026-01-15',
      mandateReference: 'CREDITS-0001',
    });
    expect(mandate).toEqual({
      id: expect.stringMatching(/^mdt_/),
      status: 'valid',
      method: 'directdebit',
      details: { consumerName: 'Jan Jansen', consumerAccount: '4300' },
    });
    expect(await mollie.getMandate(customer.id, mandate.id)).toEqual(mandate);

    const charge = await mollie.createPayment(
      paymentInput({
        sequenceType: 'recurring',
        method: 'directdebit',
        customerId: customer.id,
        mandateId: mandate.id,
      }),
    );
    expect(charge).toMatchObject({
      status: 'pending',
      method: 'directdebit',
      mandateId: mandate.id,
      checkoutUrl: null,
    });

    const iban = { consumerName: 'Jan Jansen', signatureDate: '2026-01-15', mandateReference: 'CREDITS-0002' };
    await expectUnavailable(
      mollie.createMandate(customer.id, { method: 'directdebit', consumerAccount: 'NL92ABNA0417164300', ...iban }),
      '422 on consumerAccount',
    );
    const stranger = await mollie.createCustomer({ name: 'Els', email: 'els@example.nl', metadata: {} });
    await expectUnavailable(mollie.getMandate(stranger.id, mandate.id), '404');
  });

  it('refunds part and then the rest of a paid payment, never more than remains', async () => {
    const open = await mollie.createPayment(paymentInput());
    await expectUnavailable(
      mollie.createRefund(open.id, { amount: { currency: 'EUR', cents: 100 }, description: 'Refund' }),
      '422',
      'not paid',
    );

    const payment = await paidPayment(1_000);
    const part = await mollie.createRefund(payment.id, {
      amount: { currency: 'EUR', cents: 300 },
      description: 'Part',
    });
    expect(part).toEqual({
      id: expect.stringMatching(/^re_[A-Za-z0-9]{10}$/),
      status: 'pending',
      amount: { currency: 'EUR', cents: 300 },
    });
    expect((await mollie.getPayment(payment.id)).amountRefunded).toEqual({ currency: 'EUR', cents: 300 });
    await expectUnavailable(
      mollie.createRefund(payment.id, { amount: { currency: 'EUR', cents: 701 }, description: 'Too much' }),
      '422 on amount',
    );
    await mollie.createRefund(payment.id, { amount: { currency: 'EUR', cents: 700 }, description: 'Rest' });
    const refunded = await mollie.getPayment(payment.id);
    expect(refunded).toMatchObject({ status: 'paid', amountRefunded: { currency: 'EUR', cents: 1_000 } });
    await expectUnavailable(
      mollie.createRefund(payment.id, { amount: { currency: 'EUR', cents: 1 }, description: 'More' }),
      '422 on amount',
    );
  });

  it('shows a chargeback as amountChargedBack on a payment that stays paid', async () => {
    const payment = await paidPayment(2_500);
    const { body } = await callFake(`payments/${payment.id}`);
    expect(body).not.toHaveProperty('amountChargedBack');
    expect((await mollie.getPayment(payment.id)).amountChargedBack).toEqual({ currency: 'EUR', cents: 0 });
    fake.chargeback(payment.id, 1_000);
    fake.chargeback(payment.id);
    expect(await mollie.getPayment(payment.id)).toMatchObject({
      status: 'paid',
      amountChargedBack: { currency: 'EUR', cents: 2_500 },
    });
    expect(() => fake.chargeback(payment.id)).toThrow(/cannot be charged back/);
  });

  it('turns a wrong key, a refusal, a 5xx, silence and a closed port into payment_provider_unavailable', async () => {
    const wrongKey = 'test_WrongKeyForTheLocalMollie00000';
    const wrong = createMollieProvider({ apiKey: wrongKey, apiEndpoint: fake.url });
    const refused = await expectUnavailable(wrong.getPayment('tr_WDqYK6vllg'), '401');
    expect(refused.message).not.toContain(wrongKey);

    await expectUnavailable(mollie.getPayment('tr_WDqYK6vllg'), '404', 'No payment exists with token tr_WDqYK6vllg.');
    await expectUnavailable(mollie.createPayment(paymentInput({ method: 'bitcoin' as 'ideal' })), '422 on method');

    // The client tries three times on a 5xx; one failure it rides out, with the same idempotency key.
    fake.failNextRequests(3);
    await expectUnavailable(mollie.createPayment(paymentInput()), '503');
    const paymentsBefore = fake.payments.size;
    fake.failNextRequests(1);
    await mollie.createPayment(paymentInput());
    expect(fake.payments.size).toBe(paymentsBefore + 1);

    fake.stallNextRequests(1);
    const impatient = createMollieProvider({ apiKey, apiEndpoint: fake.url, timeoutMs: 200 });
    await expectUnavailable(impatient.getPayment('tr_WDqYK6vllg'), 'did not answer', 'no answer within 200 ms');

    const gone = await startMollieFake({ apiKey });
    await gone.close();
    const down = createMollieProvider({ apiKey, apiEndpoint: gone.url });
    await expectUnavailable(down.createCustomer({ name: 'A', email: 'a@example.nl', metadata: {} }), 'did not answer');
  });
});

describe('the Mollie client failing to load', () => {
  it('answers payment_provider_unavailable without the key, and loads again on the next call', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('@mollie/api-client', () => ({
      createMollieClient: () => {
        loads += 1;
        if (loads === 1) throw new Error(`cannot start with ${apiKey}`);
        return {
          payments: {
            get: () => Promise.reject(Object.assign(new Error('No payment exists'), { statusCode: 404 })),
          },
        };
      },
    }));
    try {
      const { createMollieProvider: createWithBrokenClient } = await import('./mollie-provider.ts');
      const provider = createWithBrokenClient({ apiKey });
      await expectUnavailable(provider.getPayment('tr_x'), 'get payment: client failed to load', '[api key]');
      await expectUnavailable(provider.getPayment('tr_x'), 'get payment answered 404');
      expect(loads).toBe(2);
    } finally {
      vi.doUnmock('@mollie/api-client');
      vi.resetModules();
    }
  });
});

describe('the local Mollie', () => {
  it('answers like Mollie: 401 without the key, 404 for unknown ids, 422 with the field that is wrong', async () => {
    expect(await callFake('payments/tr_WDqYK6vllg', undefined, 'test_nope')).toEqual({
      status: 401,
      body: {
        status: 401,
        title: 'Unauthorized Request',
        detail: 'Missing authentication, or failed to authenticate',
        _links: { documentation: expect.any(Object) },
      },
    });
    expect(await callFake('payments/tr_WDqYK6vllg')).toMatchObject({
      status: 404,
      body: { status: 404, title: 'Not Found', detail: 'No payment exists with token tr_WDqYK6vllg.' },
    });
    const valid = {
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Credits',
      redirectUrl: 'https://www.example.nl/return',
    };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...valid, amount: { currency: 'EUR', value: 10 } }, 'amount.value'],
      [{ ...valid, amount: { currency: 'EUR', value: '10.5' } }, 'amount.value'],
      [{ ...valid, amount: { currency: 'JPY', value: '1000.00' } }, 'amount.value'],
      [{ ...valid, amount: { currency: 'EUR', value: '0.00' } }, 'amount'],
      [{ ...valid, amount: { currency: 'XXX', value: '10.00' } }, 'amount.currency'],
      [{ ...valid, method: 'bitcoin' }, 'method'],
      [{ ...valid, method: 'constructor' }, 'method'],
      [{ ...valid, method: 'ideal', amount: { currency: 'PLN', value: '10.00' } }, 'method'],
      [{ ...valid, method: 'ideal', issuer: 'ideal_NOPENL2A' }, 'issuer'],
      [{ ...valid, locale: 'nl' }, 'locale'],
      [{ ...valid, redirectUrl: undefined }, 'redirectUrl'],
      [{ ...valid, sequenceType: 'first' }, 'customerId'],
      [{ ...valid, sequenceType: 'recurring', customerId: 'cst_nobody' }, 'customerId'],
    ];
    for (const [body, field] of refusals) {
      const answer = await callFake('payments', body);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 422,
        body: { status: 422, title: 'Unprocessable Entity', field },
      });
    }
    const created = await callFake('payments', valid);
    expect(created).toMatchObject({
      status: 201,
      body: {
        resource: 'payment',
        mode: 'test',
        amount: { currency: 'EUR', value: '10.00' },
        status: 'open',
        method: null,
        sequenceType: 'oneoff',
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
        _links: { checkout: { type: 'text/html' } },
      },
    });
    expect(created.body).not.toHaveProperty('amountRefunded');
    // Paid without a method chosen up front: the buyer's pick on the checkout is the method.
    expect(() => fake.changePaymentState(created.body.id as string, 'paid')).toThrow(/no method/);
    fake.changePaymentState(created.body.id as string, 'paid', { method: 'bancontact' });
    expect((await callFake(`payments/${created.body.id}`)).body).toMatchObject({
      method: 'bancontact',
      paidAt: expect.any(String),
      amountRefunded: { currency: 'EUR', value: '0.00' },
      amountRemaining: { currency: 'EUR', value: '10.00' },
    });
  });

  it('posts the payment id to the webhook after each change, again and again until the shop answers 2xx', async () => {
    receiver.answers.set('/flaky', [500, 503]);
    const payment = await mollie.createPayment(paymentInput({ webhookUrl: `${receiver.url}/flaky` }));
    fake.changePaymentState(payment.id, 'paid');
    await fake.webhooksSettled();
    expect(fake.webhookAttempts.filter((attempt) => attempt.paymentId === payment.id)).toEqual([
      { paymentId: payment.id, url: `${receiver.url}/flaky`, attempt: 1, status: 500, error: null },
      { paymentId: payment.id, url: `${receiver.url}/flaky`, attempt: 2, status: 503, error: null },
      { paymentId: payment.id, url: `${receiver.url}/flaky`, attempt: 3, status: 200, error: null },
    ]);
    expect(receiver.calls.filter((call) => call.path === '/flaky')).toEqual(
      Array(3).fill({ path: '/flaky', contentType: 'application/x-www-form-urlencoded', body: `id=${payment.id}` }),
    );

    // A refund is news about the payment too; a shop that never answers 2xx is given up on after the last try.
    receiver.answers.set('/flaky', [500, 500, 500, 500, 500]);
    await mollie.createRefund(payment.id, { amount: { currency: 'EUR', cents: 100 }, description: 'Part' });
    await fake.webhooksSettled();
    const afterRefund = fake.webhookAttempts.filter((attempt) => attempt.paymentId === payment.id).slice(3);
    expect(afterRefund.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
  });
});
