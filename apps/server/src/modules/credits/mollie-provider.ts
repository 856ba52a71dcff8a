import { AppError } from '@app/shared/errors/app-error';
import type {
  Locale,
  Mandate,
  MandateMethod,
  MollieClient,
  PaymentMethod as MolliePaymentMethod,
  SequenceType as MollieSequenceType,
  Payment,
} from '@mollie/api-client';
import { loadOnce } from '../../lib/load-once.ts';
import type {
  Money,
  PaymentProvider,
  ProviderMandate,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from './payment-provider.ts';

export interface MollieProviderOptions {
  /** `test_…` or `live_…`. */
  apiKey: string;
  /** Mollie's API root; another one for a proxy or the local fake. The client speaks HTTPS only. */
  apiEndpoint?: string;
  /** How long one call may take, the client's own retries on 5xx included, before it counts as unavailable. */
  timeoutMs?: number;
}

// Mollie sends exactly the currency's decimals: none for these, two for every other currency it takes.
const zeroDecimalCurrencies = new Set(['ISK', 'JPY']);
const paymentStatuses = new Set<string>(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']);
const refundStatuses = new Set<string>(['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled']);
// The client's enum values, spelled here (checked against the enum's type): the client itself is imported only when
// a call needs it.
const directDebit = 'directdebit' satisfies `${MandateMethod.directdebit}` as MandateMethod.directdebit;
const creditCard = 'creditcard' satisfies `${MandateMethod.creditcard}` as MandateMethod.creditcard;

function toMollieAmount({ currency, cents }: Money): { currency: string; value: string } {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new AppError('payment_provider_unavailable', `Mollie: ${cents} is not an amount in ${currency}`);
  }
  if (zeroDecimalCurrencies.has(currency)) return { currency, value: String(cents) };
  return { currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

function fromMollieAmount(amount: { currency: string; value: string }): Money {
  const decimals = zeroDecimalCurrencies.has(amount.currency) ? 0 : 2;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.value);
  if (!match || (match[3] ?? '').length !== decimals) {
    throw new AppError('payment_provider_unavailable', `Mollie: unexpected amount ${amount.value} ${amount.currency}`);
  }
  // Whole digits, never floats: "0.29" * 100 is 28.999999999999996.
  const cents = Number(`${match[2]}${match[3] ?? ''}`);
  return { currency: amount.currency, cents: match[1] ? -cents : cents };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function toStringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function toProviderPayment(payment: Payment): ProviderPayment {
  if (!paymentStatuses.has(payment.status)) {
    throw new AppError('payment_provider_unavailable', `Mollie: payment ${payment.id} has status ${payment.status}`);
  }
  const none = { currency: payment.amount.currency, cents: 0 };
  return {
    id: payment.id,
    status: payment.status as ProviderPaymentStatus,
    amount: fromMollieAmount(payment.amount),
    method: payment.method ?? null,
    sequenceType: payment.sequenceType,
    // Mollie links a checkout only while the buyer can still pay.
    checkoutUrl: payment._links.checkout?.href ?? null,
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    // Mollie leaves these out until something was refunded or charged back (or, for refunds, until paid).
    amountRefunded: payment.amountRefunded ? fromMollieAmount(payment.amountRefunded) : none,
    amountChargedBack: payment.amountChargedBack ? fromMollieAmount(payment.amountChargedBack) : none,
    metadata: toStringRecord(payment.metadata),
  };
}

function toProviderMandate(mandate: Mandate): ProviderMandate {
  const details = toStringRecord(mandate.details);
  // What the member recognises: the holder and the last digits; the full IBAN stays with Mollie.
  if (mandate.method === directDebit) {
    return {
      id: mandate.id,
      status: mandate.status,
      method: 'directdebit',
      details: {
        ...(details.consumerName ? { consumerName: details.consumerName } : {}),
        ...(details.consumerAccount ? { consumerAccount: details.consumerAccount.slice(-4) } : {}),
      },
    };
  }
  if (mandate.method === creditCard) {
    const { cardHolder, cardNumber, cardLabel } = details;
    return {
      id: mandate.id,
      status: mandate.status,
      method: 'creditcard',
      details: {
        ...(cardHolder ? { cardHolder } : {}),
        ...(cardNumber ? { cardNumber: cardNumber.slice(-4) } : {}),
        ...(cardLabel ? { cardLabel } : {}),
      },
    };
  }
  throw new AppError('payment_provider_unavailable', `Mollie: mandate ${mandate.id} is a ${mandate.method} mandate`);
}

/**
 * The Mollie payment provider (DESIGN.md, "Payments"), through the official client. Every failure, whether no answer,
 * a 5xx after the client's retries, or a 4xx refusal, becomes `payment_provider_unavailable` with an internal
 * message that never holds the API key.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const { apiKey, apiEndpoint, timeoutMs = 30_000 } = options;
  // The client (about 4 MB of memory with its certificate bundle) is imported by the first call, not at start: a
  // process without a Mollie key never imports it, and one with a key only once it takes part in a payment.
  const loadClient = loadOnce(async () => {
    const { createMollieClient } = await import('@mollie/api-client');
    return createMollieClient(apiEndpoint ? { apiKey, apiEndpoint } : { apiKey });
  });

  const redact = (message: string) => message.replaceAll(apiKey, '[api key]');

  async function call<T>(operation: string, request: (client: MollieClient) => Promise<T>): Promise<T> {
    let client: MollieClient;
    try {
      client = await loadClient();
    } catch (error) {
      throw new AppError(
        'payment_provider_unavailable',
        redact(`Mollie ${operation}: client failed to load: ${reasonOf(error)}`),
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([request(client), timeout]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const { statusCode, field } = error as { statusCode?: number; field?: string };
      const answer = statusCode ? `answered ${statusCode}${field ? ` on ${field}` : ''}` : 'did not answer';
      throw new AppError('payment_provider_unavailable', redact(`Mollie ${operation} ${answer}: ${reasonOf(error)}`));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 'mollie',

    createCustomer: (input) =>
      call('create customer', async (client) => {
        const customer = await client.customers.create({
          name: input.name,
          email: input.email,
          metadata: input.metadata,
        });
        return { id: customer.id };
      }),

    createPayment: (input) =>
      call('create payment', async (client) => {
        const recurring = input.sequenceType === 'recurring';
        const payment = await client.payments.create({
          amount: toMollieAmount(input.amount),
          description: input.description,
          method: input.method as MolliePaymentMethod,
          ...(input.issuer ? { issuer: input.issuer } : {}),
          // A recurring payment has no checkout, so nowhere to return from.
          ...(recurring ? {} : { redirectUrl: input.redirectUrl }),
          webhookUrl: input.webhookUrl,
          locale: input.locale as Locale,
          sequenceType: input.sequenceType as MollieSequenceType,
          ...(input.customerId ? { customerId: input.customerId } : {}),
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
          metadata: input.metadata,
        });
        return toProviderPayment(payment);
      }),

    getPayment: (id) => call('get payment', async (client) => toProviderPayment(await client.payments.get(id))),

    createMandate: (customerId, input) =>
      call('create mandate', async (client) =>
        toProviderMandate(
          await client.customerMandates.create({
            customerId,
            method: directDebit,
            consumerName: input.consumerName,
            consumerAccount: input.consumerAccount,
            signatureDate: input.signatureDate,
            mandateReference: input.mandateReference,
          }),
        ),
      ),

    getMandate: (customerId, mandateId) =>
      call('get mandate', async (client) =>
        toProviderMandate(await client.customerMandates.get(mandateId, { customerId })),
      ),

    createRefund: (paymentId, input) =>
      call('create refund', async (client): Promise<ProviderRefund> => {
        const refund = await client.paymentRefunds.create({
          paymentId,
          amount: toMollieAmount(input.amount),
          description: input.description,
        });
        if (!refundStatuses.has(refund.status)) {
          throw new AppError('payment_provider_unavailable', `Mollie: refund ${refund.id} has status ${refund.status}`);
        }
        return {
          id: refund.id,
          status: refund.status as ProviderRefund['status'],
          amount: fromMollieAmount(refund.amount),
        };
      }),
  };
}
