import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCertificate } from './self-signed-certificate.ts';

/*
 * A local stand-in for Mollie's v2 API (https://docs.mollie.com/reference), answering the way Mollie does: the same
 * JSON shapes, string amounts, ids, validation errors, status machine and webhook calls. It speaks HTTPS because the
 * official client can only speak HTTPS, and that client trusts only the certificate authorities it bundles: a process
 * that talks to the fake through it must set NODE_TLS_REJECT_UNAUTHORIZED=0 (tests only; the fake is on loopback).
 */

type PaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
type SequenceType = 'oneoff' | 'first' | 'recurring';
type MandateMethod = 'creditcard' | 'directdebit' | 'paypal';

/** An amount in the currency's smallest unit, as the fake keeps it; Mollie's JSON carries it as a string. */
interface FakeAmount {
  currency: string;
  cents: number;
}

interface FakeRefund {
  id: string;
  amount: FakeAmount;
  description: string;
  metadata: unknown;
  status: 'pending';
  createdAt: Date;
}

interface FakeChargeback {
  id: string;
  amount: FakeAmount;
  createdAt: Date;
}

interface FakePayment {
  id: string;
  createdAt: Date;
  amount: FakeAmount;
  description: string;
  /** Null until the buyer picks one when the payment was created without a method. */
  method: string | null;
  issuer: string | null;
  status: PaymentStatus;
  sequenceType: SequenceType;
  customerId: string | null;
  mandateId: string | null;
  metadata: unknown;
  redirectUrl: string | null;
  webhookUrl: string | null;
  locale: string | null;
  expiresAt: Date;
  authorizedAt: Date | null;
  paidAt: Date | null;
  canceledAt: Date | null;
  expiredAt: Date | null;
  failedAt: Date | null;
  details: Record<string, string> | null;
  refunds: FakeRefund[];
  chargebacks: FakeChargeback[];
}

interface FakeCustomer {
  id: string;
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  createdAt: Date;
}

interface FakeMandate {
  id: string;
  customerId: string;
  status: 'valid' | 'pending' | 'invalid';
  method: MandateMethod;
  details: Record<string, string>;
  mandateReference: string | null;
  signatureDate: string | null;
  createdAt: Date;
}

interface WebhookAttempt {
  paymentId: string;
  url: string;
  /** 1 for the first try. */
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached (see `error`). */
  status: number | null;
  error: string | null;
}

/** An API call the fake accepted (right key), as it arrived. */
interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface MollieFakeOptions {
  apiKey: string;
  /**
   * The waits between webhook tries; one try more than there are waits. Mollie waits minutes to hours and tries 10
   * times in 26 hours; tests pass milliseconds.
   */
  webhookRetryDelaysMs?: number[];
  /** How long one webhook call may take before it counts as failed (Mollie: 15 seconds). */
  webhookTimeoutMs?: number;
}

export interface MollieFake {
  /** The API endpoint, `https://127.0.0.1:<port>/v2/`, for the client's `apiEndpoint`. */
  url: string;
  payments: ReadonlyMap<string, FakePayment>;
  customers: ReadonlyMap<string, FakeCustomer>;
  mandates: ReadonlyMap<string, FakeMandate>;
  webhookAttempts: readonly WebhookAttempt[];
  requests: readonly FakeRequest[];
  /**
   * What the buyer does on Mollie's test-mode checkout (or the test-mode "change payment state" page for recurring
   * payments): moves the payment to `status` and calls its webhook. `method` is the buyer's choice when the payment
   * was created without one. Throws, as Mollie's page refuses, when the payment is final or the move is impossible.
   */
  changePaymentState(id: string, status: PaymentStatus, options?: { method?: string }): void;
  /** The buyer's bank takes (part of) a paid payment back: all that is not charged back yet, or `cents`. */
  chargeback(id: string, cents?: number): void;
  /** Answers the next `count` API calls with `status` (503: Mollie is down), before looking at them. */
  failNextRequests(count: number, status?: number): void;
  /** Leaves the next `count` API calls unanswered (a hung connection), until the fake closes. */
  stallNextRequests(count: number): void;
  /** Resolves once every webhook delivery under way has succeeded or given up. */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

// Mollie's currencies and their decimals (https://docs.mollie.com/docs/multicurrency); which methods take which.
const cardCurrencies = [
  'AED',
  'AUD',
  'BGN',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'ILS',
  'ISK',
  'JPY',
  'NOK',
  'NZD',
  'PLN',
  'RON',
  'SEK',
  'SGD',
  'USD',
  'ZAR',
];
const payPalCurrencies = [...cardCurrencies, 'BRL', 'MXN', 'MYR', 'PHP', 'THB', 'TWD'];
const zeroDecimalCurrencies = new Set(['ISK', 'JPY']);
const methodCurrencies: Record<string, string[]> = {
  applepay: cardCurrencies,
  bancontact: ['EUR'],
  banktransfer: ['EUR'],
  belfius: ['EUR'],
  creditcard: cardCurrencies,
  directdebit: ['EUR'],
  eps: ['EUR'],
  ideal: ['EUR'],
  kbc: ['EUR'],
  paypal: payPalCurrencies,
  przelewy24: ['PLN', 'EUR'],
  sofort: ['EUR'],
};
const idealIssuers = new Set([
  'ideal_ABNANL2A',
  'ideal_ASNBNL21',
  'ideal_BUNQNL2A',
  'ideal_FVLBNL22',
  'ideal_HANDNL2A',
  'ideal_INGBNL2A',
  'ideal_KNABNL2H',
  'ideal_N26',
  'ideal_NNBANL2G',
  'ideal_RABONL2U',
  'ideal_RBRBNL21',
  'ideal_REVOLT21',
  'ideal_SNSBNL2A',
  'ideal_TRIONL2U',
]);
const issuersByMethod: Record<string, Set<string>> = { ideal: idealIssuers, kbc: new Set(['kbc', 'cbc']) };
const locales = new Set(
  'en_US en_GB nl_NL nl_BE de_DE de_AT de_CH fr_FR fr_BE es_ES ca_ES pt_PT it_IT nb_NO sv_SE fi_FI da_DK is_IS hu_HU pl_PL lv_LV lt_LT'.split(
    ' ',
  ),
);
/** The mandate a paid first payment leaves behind; methods not listed cannot start a recurring series. */
const mandateMethodOf: Record<string, MandateMethod> = {
  applepay: 'creditcard',
  bancontact: 'directdebit',
  belfius: 'directdebit',
  creditcard: 'creditcard',
  eps: 'directdebit',
  ideal: 'directdebit',
  kbc: 'directdebit',
  paypal: 'paypal',
  sofort: 'directdebit',
};
const nextStatuses: Record<PaymentStatus, PaymentStatus[]> = {
  open: ['pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'],
  pending: ['paid', 'failed', 'canceled', 'expired'],
  authorized: ['paid', 'canceled', 'expired'],
  paid: [],
  failed: [],
  canceled: [],
  expired: [],
};
// What Mollie's test mode fills in for the paying consumer.
const testAccount = { consumerName: 'T. TEST', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' };
const testCard = { cardHolder: 'T. TEST', cardNumber: '6787', cardLabel: 'Mastercard' };

const documentation = { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' };
const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error answer in Mollie's shape: `{ status, title, detail, field?, _links }`. */
class MollieProblem extends Error {
  readonly status: number;
  readonly detail: string;
  readonly field: string | undefined;

  constructor(status: number, detail: string, field?: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.field = field;
  }

  toJson() {
    const json: Record<string, unknown> = { status: this.status, title: titles[this.status] ?? 'Error' };
    json.detail = this.detail;
    if (this.field) json.field = this.field;
    json._links = { documentation };
    return json;
  }
}

const invalid = (detail: string, field?: string) => new MollieProblem(422, detail, field);

function createId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Mollie writes times as ISO 8601 with an offset and without milliseconds. */
const formatTime = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

function formatAmount({ currency, cents }: FakeAmount) {
  const sign = cents < 0 ? '-' : '';
  const units = Math.abs(cents);
  const value = zeroDecimalCurrencies.has(currency)
    ? String(units)
    : `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
  return { currency, value: sign + value };
}

function readAmount(input: unknown, field = 'amount'): FakeAmount {
  if (typeof input !== 'object' || input === null) throw invalid('The amount is required', field);
  const { currency, value } = input as { currency?: unknown; value?: unknown };
  if (typeof currency !== 'string' || !payPalCurrencies.includes(currency)) {
    throw invalid('The currency is not supported', `${field}.currency`);
  }
  const format = zeroDecimalCurrencies.has(currency) ? /^\d{1,10}$/ : /^\d{1,10}\.\d{2}$/;
  // Mollie refuses numbers: only a string with exactly the currency's decimals is an amount.
  if (typeof value !== 'string' || !format.test(value)) {
    throw invalid('The amount contains an invalid value', `${field}.value`);
  }
  const cents = Number(value.replace('.', ''));
  if (cents < 1) throw invalid('The amount is lower than the minimum', field);
  return { currency, cents };
}

function readText(body: Record<string, unknown>, field: string, maxLength: number, required: boolean) {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw invalid(`The ${field} is required`, field);
    return null;
  }
  if (typeof value !== 'string' || value.length > maxLength) throw invalid(`The ${field} is invalid`, field);
  return value;
}

function readUrl(body: Record<string, unknown>, field: string, required: boolean) {
  const value = readText(body, field, 2048, required);
  if (value === null) return null;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw invalid(`The ${field} is not a valid URL`, field);
  }
  return value;
}

/** ISO 13616 check: letters to numbers, the rearranged string mod 97 must be 1. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Starts the fake on a random loopback port. Only `apiKey` is accepted as Bearer token. */
export async function startMollieFake(options: MollieFakeOptions): Promise<MollieFake> {
  const mode = options.apiKey.startsWith('live_') ? 'live' : 'test';
  const retryDelays = options.webhookRetryDelaysMs ?? [10, 50, 200];
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 2_000;
  const payments = new Map<string, FakePayment>();
  const customers = new Map<string, FakeCustomer>();
  const mandates = new Map<string, FakeMandate>();
  const webhookAttempts: WebhookAttempt[] = [];
  const requests: FakeRequest[] = [];
  const idempotentAnswers = new Map<string, { status: number; body: unknown }>();
  const deliveries = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let stalls = 0;
  let closed = false;

  const server = createServer(createSelfSignedCertificate(), (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, new MollieProblem(500, String(error)).toJson());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}/v2/`;
  const link = (href: string, type = 'application/hal+json') => ({ href, type });

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'content-type': 'application/hal+json', ...headers });
    response.end(JSON.stringify(body));
  }

  function findPayment(id: string) {
    const payment = payments.get(id);
    if (!payment) throw new MollieProblem(404, `No payment exists with token ${id}.`);
    return payment;
  }

  function findCustomer(id: string) {
    const customer = customers.get(id);
    if (!customer) throw new MollieProblem(404, `No customer exists with token ${id}.`);
    return customer;
  }

  const sumCents = (items: { amount: FakeAmount }[]) => items.reduce((sum, item) => sum + item.amount.cents, 0);
  const remainingCents = (payment: FakePayment) =>
    payment.amount.cents - sumCents(payment.refunds) - sumCents(payment.chargebacks);

  function renderPayment(payment: FakePayment) {
    const json: Record<string, unknown> = {
      resource: 'payment',
      id: payment.id,
      mode,
      createdAt: formatTime(payment.createdAt),
      amount: formatAmount(payment.amount),
      description: payment.description,
      method: payment.method,
      metadata: payment.metadata,
      status: payment.status,
      isCancelable: payment.status === 'open' && payment.method === 'banktransfer',
    };
    if (payment.status === 'open') json.expiresAt = formatTime(payment.expiresAt);
    for (const [field, at] of [
      ['authorizedAt', payment.authorizedAt],
      ['paidAt', payment.paidAt],
      ['canceledAt', payment.canceledAt],
      ['expiredAt', payment.expiredAt],
      ['failedAt', payment.failedAt],
    ] as const) {
      if (at) json[field] = formatTime(at);
    }
    if (payment.paidAt) {
      json.amountRefunded = formatAmount({ currency: payment.amount.currency, cents: sumCents(payment.refunds) });
      json.amountRemaining = formatAmount({ currency: payment.amount.currency, cents: remainingCents(payment) });
      json.settlementAmount = formatAmount(payment.amount);
    }
    if (payment.chargebacks.length > 0) {
      json.amountChargedBack = formatAmount({
        currency: payment.amount.currency,
        cents: sumCents(payment.chargebacks),
      });
    }
    if (payment.locale) json.locale = payment.locale;
    json.profileId = 'pfl_QkEhN94Ba';
    json.sequenceType = payment.sequenceType;
    if (payment.redirectUrl) json.redirectUrl = payment.redirectUrl;
    if (payment.webhookUrl) json.webhookUrl = payment.webhookUrl;
    if (payment.customerId) json.customerId = payment.customerId;
    if (payment.mandateId) json.mandateId = payment.mandateId;
    if (payment.issuer) json.issuer = payment.issuer;
    json.details = payment.details;
    const links: Record<string, unknown> = { self: link(`${apiUrl}payments/${payment.id}`) };
    if (payment.status === 'open' && payment.sequenceType !== 'recurring') {
      const method = payment.method ? `method=${payment.method}&` : '';
      links.checkout = link(`${origin}/checkout/test-mode?${method}token=${payment.id}`, 'text/html');
    }
    if (mode === 'test' && payment.sequenceType === 'recurring' && nextStatuses[payment.status].length > 0) {
      links.changePaymentState = link(`${origin}/checkout/test-mode?token=${payment.id}`, 'text/html');
    }
    links.dashboard = link(`https://my.mollie.com/dashboard/payments/${payment.id}`, 'text/html');
    if (payment.refunds.length > 0) links.refunds = link(`${apiUrl}payments/${payment.id}/refunds`);
    if (payment.chargebacks.length > 0) links.chargebacks = link(`${apiUrl}payments/${payment.id}/chargebacks`);
    if (payment.customerId) links.customer = link(`${apiUrl}customers/${payment.customerId}`);
    if (payment.mandateId && payment.customerId) {
      links.mandate = link(`${apiUrl}customers/${payment.customerId}/mandates/${payment.mandateId}`);
    }
    links.documentation = link('https://docs.mollie.com/reference/get-payment', 'text/html');
    json._links = links;
    return json;
  }

  function renderRefund(payment: FakePayment, refund: FakeRefund) {
    return {
      resource: 'refund',
      id: refund.id,
      mode,
      amount: formatAmount(refund.amount),
      status: refund.status,
      createdAt: formatTime(refund.createdAt),
      description: refund.description,
      metadata: refund.metadata,
      paymentId: payment.id,
      settlementAmount: formatAmount({ ...refund.amount, cents: -refund.amount.cents }),
      _links: {
        self: link(`${apiUrl}payments/${payment.id}/refunds/${refund.id}`),
        payment: link(`${apiUrl}payments/${payment.id}`),
        documentation: link('https://docs.mollie.com/reference/create-refund', 'text/html'),
      },
    };
  }

  function renderCustomer(customer: FakeCustomer) {
    return {
      resource: 'customer',
      id: customer.id,
      mode,
      name: customer.name,
      email: customer.email,
      locale: customer.locale,
      metadata: customer.metadata,
      createdAt: formatTime(customer.createdAt),
      _links: {
        self: link(`${apiUrl}customers/${customer.id}`),
        dashboard: link(`https://my.mollie.com/dashboard/customers/${customer.id}`, 'text/html'),
        documentation: link('https://docs.mollie.com/reference/create-customer', 'text/html'),
      },
    };
  }

  function renderMandate(mandate: FakeMandate) {
    return {
      resource: 'mandate',
      id: mandate.id,
      mode,
      status: mandate.status,
      method: mandate.method,
      details: mandate.details,
      mandateReference: mandate.mandateReference,
      signatureDate: mandate.signatureDate,
      createdAt: formatTime(mandate.createdAt),
      _links: {
        self: link(`${apiUrl}customers/${mandate.customerId}/mandates/${mandate.id}`),
        customer: link(`${apiUrl}customers/${mandate.customerId}`),
        documentation: link('https://docs.mollie.com/reference/get-mandate', 'text/html'),
      },
    };
  }

  function readMethod(body: Record<string, unknown>, amount: FakeAmount): string | null {
    const value = body.method;
    if (value === undefined || value === null) return null;
    // A list limits the methods the buyer may pick from; the payment has none until the buyer picks.
    const list = Array.isArray(value) ? value : [value];
    for (const method of list) {
      if (typeof method !== 'string' || !Object.hasOwn(methodCurrencies, method))
        throw invalid('The method is invalid', 'method');
      if (!methodCurrencies[method]?.includes(amount.currency)) {
        throw invalid(`The payment method ${method} does not support the currency ${amount.currency}`, 'method');
      }
    }
    return Array.isArray(value) ? (value.length === 1 ? (value[0] as string) : null) : (value as string);
  }

  function createPayment(body: Record<string, unknown>) {
    const amount = readAmount(body.amount);
    const description = readText(body, 'description', 255, true)!;
    const sequenceType = (body.sequenceType ?? 'oneoff') as SequenceType;
    if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) {
      throw invalid('The sequence type is invalid', 'sequenceType');
    }
    let method = readMethod(body, amount);
    const redirectUrl = readUrl(body, 'redirectUrl', sequenceType !== 'recurring');
    const webhookUrl = readUrl(body, 'webhookUrl', false);
    const locale = readText(body, 'locale', 5, false);
    if (locale !== null && !locales.has(locale)) throw invalid('The locale is invalid', 'locale');
    const issuer = readText(body, 'issuer', 64, false);
    if (
      issuer !== null &&
      !(method && Object.hasOwn(issuersByMethod, method) && issuersByMethod[method]?.has(issuer))
    ) {
      throw invalid('The issuer is invalid', 'issuer');
    }
    if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024) {
      throw invalid('The metadata is too large', 'metadata');
    }
    const customerId = readText(body, 'customerId', 64, sequenceType !== 'oneoff');
    if (customerId !== null && !customers.has(customerId)) throw invalid('The customer id is invalid', 'customerId');
    let mandateId = readText(body, 'mandateId', 64, false);
    if (sequenceType === 'oneoff' && method === 'directdebit') {
      throw invalid('One-off SEPA Direct Debit payments are not supported', 'method');
    }
    if (sequenceType === 'first' && method !== null && !Object.hasOwn(mandateMethodOf, method)) {
      throw invalid(`The payment method ${method} cannot be used for a first payment`, 'method');
    }
    let status: PaymentStatus = 'open';
    let details: Record<string, string> | null = null;
    if (sequenceType === 'recurring') {
      const mandate = [...mandates.values()].find(
        (candidate) =>
          candidate.customerId === customerId &&
          candidate.status === 'valid' &&
          (mandateId === null || candidate.id === mandateId) &&
          (method === null || candidate.method === method),
      );
      if (!mandate) throw invalid('No suitable mandates found for customer', mandateId ? 'mandateId' : 'customerId');
      mandateId = mandate.id;
      method = mandate.method;
      details = { ...mandate.details };
      // A charge on a mandate runs in the background: the bank or card network answers later.
      status = 'pending';
    } else if (mandateId !== null) {
      throw invalid('A mandate can only be used for recurring payments', 'mandateId');
    }
    const now = new Date();
    const payment: FakePayment = {
      id: createId('tr_'),
      createdAt: now,
      amount,
      description,
      method,
      issuer,
      status,
      sequenceType,
      customerId,
      mandateId,
      metadata: body.metadata ?? null,
      redirectUrl,
      webhookUrl,
      locale,
      // Bank transfers wait for the money for days; other checkouts expire after a quarter of an hour.
      expiresAt: new Date(now.getTime() + (method === 'banktransfer' ? 12 * 86_400_000 : 15 * 60_000)),
      authorizedAt: null,
      paidAt: null,
      canceledAt: null,
      expiredAt: null,
      failedAt: null,
      details,
      refunds: [],
      chargebacks: [],
    };
    payments.set(payment.id, payment);
    return { status: 201, body: renderPayment(payment) };
  }

  function createRefund(payment: FakePayment, body: Record<string, unknown>) {
    if (payment.status !== 'paid') throw invalid(`The payment ${payment.id} is not paid and cannot be refunded`);
    const amount = readAmount(body.amount);
    if (amount.currency !== payment.amount.currency) {
      throw invalid('The currency must be the same as the currency of the payment', 'amount.currency');
    }
    if (amount.cents > remainingCents(payment)) {
      throw invalid('The amount is higher than the amount that can still be refunded', 'amount');
    }
    const refund: FakeRefund = {
      id: createId('re_'),
      amount,
      description: readText(body, 'description', 255, false) ?? '',
      metadata: body.metadata ?? null,
      status: 'pending',
      createdAt: new Date(),
    };
    payment.refunds.push(refund);
    notify(payment);
    return { status: 201, body: renderRefund(payment, refund) };
  }

  function createCustomer(body: Record<string, unknown>) {
    const email = readText(body, 'email', 320, false);
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid('The email is invalid', 'email');
    const locale = readText(body, 'locale', 5, false);
    if (locale !== null && !locales.has(locale)) throw invalid('The locale is invalid', 'locale');
    const customer: FakeCustomer = {
      id: createId('cst_'),
      name: readText(body, 'name', 255, false),
      email,
      locale,
      metadata: body.metadata ?? null,
      createdAt: new Date(),
    };
    customers.set(customer.id, customer);
    return { status: 201, body: renderCustomer(customer) };
  }

  function createMandate(customer: FakeCustomer, body: Record<string, unknown>) {
    // Only SEPA Direct Debit mandates are made through the API here; card and PayPal ones come from first payments.
    if (body.method !== 'directdebit') throw invalid('The method is invalid', 'method');
    const consumerName = readText(body, 'consumerName', 255, true)!;
    const consumerAccount = readText(body, 'consumerAccount', 34, true)!.replace(/\s/g, '').toUpperCase();
    if (!isValidIban(consumerAccount)) throw invalid('The consumer account is not a valid IBAN', 'consumerAccount');
    const signatureDate = readText(body, 'signatureDate', 10, false);
    if (
      signatureDate !== null &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(signatureDate) ||
        Number.isNaN(Date.parse(signatureDate)) ||
        signatureDate > new Date().toISOString().slice(0, 10))
    ) {
      throw invalid('The signature date is invalid or in the future', 'signatureDate');
    }
    const mandateReference = readText(body, 'mandateReference', 35, false);
    const bic =
      readText(body, 'consumerBic', 11, false) ?? `${consumerAccount.slice(4, 8)}${consumerAccount.slice(0, 2)}2A`;
    const mandate: FakeMandate = {
      id: createId('mdt_'),
      customerId: customer.id,
      status: 'valid',
      method: 'directdebit',
      details: { consumerName, consumerAccount, consumerBic: bic },
      mandateReference,
      signatureDate,
      createdAt: new Date(),
    };
    mandates.set(mandate.id, mandate);
    return { status: 201, body: renderMandate(mandate) };
  }

  function getMandate(customer: FakeCustomer, id: string) {
    const mandate = mandates.get(id);
    if (!mandate || mandate.customerId !== customer.id) {
      throw new MollieProblem(404, `No mandate exists with token ${id}.`);
    }
    return { status: 200, body: renderMandate(mandate) };
  }

  type Handler = (match: RegExpExecArray, body: Record<string, unknown>) => { status: number; body: unknown };
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v2\/payments$/, (_, body) => createPayment(body)],
    ['GET', /^\/v2\/payments\/([^/]+)$/, ([, id]) => ({ status: 200, body: renderPayment(findPayment(id!)) })],
    ['POST', /^\/v2\/payments\/([^/]+)\/refunds$/, ([, id], body) => createRefund(findPayment(id!), body)],
    ['POST', /^\/v2\/customers$/, (_, body) => createCustomer(body)],
    ['GET', /^\/v2\/customers\/([^/]+)$/, ([, id]) => ({ status: 200, body: renderCustomer(findCustomer(id!)) })],
    ['POST', /^\/v2\/customers\/([^/]+)\/mandates$/, ([, id], body) => createMandate(findCustomer(id!), body)],
    ['GET', /^\/v2\/customers\/([^/]+)\/mandates\/([^/]+)$/, ([, id, mdt]) => getMandate(findCustomer(id!), mdt!)],
  ];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/checkout/test-mode') return handleCheckout(request, response, url);
    if (stalls > 0) {
      stalls--;
      return;
    }
    if (failures.count > 0) {
      failures.count--;
      // Retry-After: 0 keeps the official client's retries (it honours the header) quick in tests.
      return send(response, failures.status, new MollieProblem(failures.status, 'Mollie is unavailable').toJson(), {
        'retry-after': '0',
      });
    }
    const text = await readBody(request);
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(response, 401, new MollieProblem(401, 'Missing authentication, or failed to authenticate').toJson());
    }
    const key = request.headers['idempotency-key'];
    const remembered =
      typeof key === 'string' ? idempotentAnswers.get(`${request.method} ${url.pathname} ${key}`) : null;
    if (remembered) return send(response, remembered.status, remembered.body);
    let answer: { status: number; body: unknown };
    try {
      const route = routes.find(([, pattern]) => pattern.test(url.pathname));
      if (!route) throw new MollieProblem(404, 'The resource does not exist');
      const [method, pattern, handler] = route;
      if (request.method !== method) throw new MollieProblem(405, `The method ${request.method} is not allowed`);
      let body: Record<string, unknown> = {};
      if (text.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new MollieProblem(400, 'The request body is not valid JSON');
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          throw new MollieProblem(400, 'The request body must be a JSON object');
        }
        body = parsed as Record<string, unknown>;
      }
      requests.push({ method, path: url.pathname, body });
      answer = handler(pattern.exec(url.pathname)!, body);
    } catch (error) {
      if (!(error instanceof MollieProblem)) throw error;
      answer = { status: error.status, body: error.toJson() };
    }
    // A retried POST with the same key gets the first answer, and creates nothing twice.
    if (typeof key === 'string' && request.method === 'POST') {
      idempotentAnswers.set(`${request.method} ${url.pathname} ${key}`, answer);
    }
    send(response, answer.status, answer.body);
  }

  /** Mollie's test-mode checkout: a page to pick the outcome, then back to the shop's redirectUrl. */
  async function handleCheckout(request: IncomingMessage, response: ServerResponse, url: URL) {
    const form = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const payment = payments.get(form.get('token') ?? '');
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Mollie</title><p>This payment does not exist.</p>');
    }
    if (request.method === 'POST') {
      const status = form.get('status') as PaymentStatus;
      if (status !== payment.status) {
        try {
          changePaymentState(payment.id, status, { method: form.get('method') ?? undefined });
        } catch (error) {
          response.writeHead(422, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(`<!doctype html><title>Mollie</title><p>${escapeHtml(String(error))}</p>`);
        }
      }
      response.writeHead(303, { location: payment.redirectUrl ?? origin });
      return response.end();
    }
    const choices = [payment.status, ...nextStatuses[payment.status]]
      .map((status) => `<label><input type="radio" name="status" value="${status}" required> ${status}</label><br>`)
      .join('');
    const method = payment.method ?? form.get('method') ?? 'creditcard';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Mollie test mode</title><h1>Test mode: ${escapeHtml(payment.description)}</h1>` +
        `<p>${escapeHtml(formatAmount(payment.amount).value)} ${payment.amount.currency}</p>` +
        `<form method="post" action="/checkout/test-mode"><input type="hidden" name="token" value="${payment.id}">` +
        `<input type="hidden" name="method" value="${escapeHtml(method)}">${choices}<button>Continue</button></form>`,
    );
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => wake(), ms), wake: () => wake() };
      function wake() {
        clearTimeout(entry.timer);
        timers.delete(entry);
        resolve();
      }
      timers.add(entry);
    });
  }

  /** Mollie's webhook call: only the id, form-encoded; tried again later until the shop answers 2xx. */
  async function deliver(paymentId: string, url: string) {
    for (let attempt = 1; !closed; attempt++) {
      const record: WebhookAttempt = { paymentId, url, attempt, status: null, error: null };
      webhookAttempts.push(record);
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie HTTP client' },
          body: new URLSearchParams({ id: paymentId }).toString(),
          redirect: 'manual',
          signal: AbortSignal.timeout(webhookTimeoutMs),
        });
        record.status = answer.status;
        await answer.body?.cancel();
        if (answer.ok) return;
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelays[attempt - 1];
      if (delay === undefined) return;
      await sleep(delay);
    }
  }

  function notify(payment: FakePayment) {
    if (!payment.webhookUrl || closed) return;
    const delivery = deliver(payment.id, payment.webhookUrl);
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  function changePaymentState(id: string, status: PaymentStatus, choice: { method?: string } = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`No payment exists with token ${id}.`);
    if (!nextStatuses[payment.status].includes(status)) {
      throw new Error(`Payment ${id} cannot go from ${payment.status} to ${status}`);
    }
    if (['authorized', 'paid'].includes(status) && payment.method === null) {
      if (!choice.method || !Object.hasOwn(methodCurrencies, choice.method)) {
        throw new Error(`Payment ${id} has no method: choose the one the buyer pays with`);
      }
      payment.method = choice.method;
    }
    const now = new Date();
    payment.status = status;
    if (status === 'authorized') payment.authorizedAt = now;
    if (status === 'canceled') payment.canceledAt = now;
    if (status === 'expired') payment.expiredAt = now;
    if (status === 'failed') payment.failedAt = now;
    if (status === 'paid') {
      payment.paidAt = now;
      if (payment.details === null) {
        payment.details = ['creditcard', 'applepay'].includes(payment.method ?? '')
          ? { ...testCard, cardAudience: 'consumer', cardCountryCode: 'NL', cardSecurity: 'normal' }
          : { ...testAccount };
      }
      const mandateMethod =
        payment.method && Object.hasOwn(mandateMethodOf, payment.method) ? mandateMethodOf[payment.method] : null;
      if (payment.sequenceType === 'first' && payment.customerId && mandateMethod) {
        const mandate: FakeMandate = {
          id: createId('mdt_'),
          customerId: payment.customerId,
          status: 'valid',
          method: mandateMethod,
          details:
            mandateMethod === 'creditcard'
              ? { ...testCard, cardFingerprint: createId(''), cardExpiryDate: `${now.getUTCFullYear() + 3}-12-31` }
              : mandateMethod === 'paypal'
                ? { consumerName: testAccount.consumerName, consumerAccount: 'test@example.org' }
                : { ...testAccount },
          mandateReference: null,
          signatureDate: now.toISOString().slice(0, 10),
          createdAt: now,
        };
        mandates.set(mandate.id, mandate);
        payment.mandateId = mandate.id;
      }
    }
    notify(payment);
  }

  return {
    url: apiUrl,
    payments,
    customers,
    mandates,
    webhookAttempts,
    requests,
    changePaymentState,
    chargeback(id, cents) {
      const payment = payments.get(id);
      if (payment?.status !== 'paid') throw new Error(`Payment ${id} is not paid: nothing to charge back`);
      const chargedBack = sumCents(payment.chargebacks);
      const amount = cents ?? payment.amount.cents - chargedBack;
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > payment.amount.cents - chargedBack) {
        throw new Error(`Payment ${id} cannot be charged back by ${amount}`);
      }
      payment.chargebacks.push({
        id: createId('chb_'),
        amount: { currency: payment.amount.currency, cents: amount },
        createdAt: new Date(),
      });
      notify(payment);
    },
    failNextRequests(count, status = 503) {
      failures = { count, status };
    },
    stallNextRequests(count) {
      stalls = count;
    },
    async webhooksSettled() {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    async close() {
      closed = true;
      for (const { wake } of [...timers]) wake();
      await Promise.allSettled([...deliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
