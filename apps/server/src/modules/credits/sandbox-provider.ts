import { randomBytes } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { CreatePaymentInput, PaymentProvider, ProviderMandate, ProviderPayment } from './payment-provider.ts';
import type { SandboxMandateRow, SandboxPaymentRow, SandboxRepository } from './sandbox.repository.ts';

/** What the buyer may choose on the sandbox checkout: Mollie's statuses (`open` leaves the payment as it is). */
const sandboxOutcomes = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

const openForMs = 60 * 60_000;
/** A direct debit or recurring card charge the bank settles a little later, as in real life. */
const settleAfterMs = 5_000;
const webhookJob = 'credits.sandbox-webhook';
const settleJob = 'credits.sandbox-settle';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export type SandboxProvider = PaymentProvider & {
  /** The hosted checkout: the payment as the page shows it, or null when there is none. */
  findCheckout(id: string): Promise<SandboxPaymentRow | null>;
  /** The buyer's choice on the checkout page; answers where to send the buyer. */
  chooseOutcome(id: string, outcome: SandboxOutcome): Promise<string | null>;
  /** What a bank does weeks later (tests, and an operator showing the flow). */
  chargeBack(id: string, cents: number): Promise<void>;
};

/**
 * The built-in payment provider (DESIGN.md, "Payments"): Mollie's behaviour on this machine. Its own hosted checkout
 * lets the buyer pay, fail, cancel, expire or leave the payment open; every change is posted to the payment's webhook
 * as Mollie does (the id only, as a form), retried with back-off by the job queue until it is answered 2xx.
 */
export function createSandboxProvider(deps: {
  repository: SandboxRepository;
  jobs: Jobs;
  now: () => Date;
  /** Posts the webhook; throws unless answered 2xx. */
  postWebhook?: (url: string, id: string) => Promise<void>;
}): SandboxProvider {
  const { repository, jobs } = deps;
  const postWebhook =
    deps.postWebhook ??
    (async (url: string, id: string) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    });

  jobs.define<{ id: string; url: string }>(webhookJob, {
    handler: ({ id, url }) => postWebhook(url, id),
    maxAttempts: 10,
    backoffSeconds: 2,
    concurrency: 4,
  });
  jobs.define<{ id: string }>(settleJob, {
    handler: async ({ id }) => {
      const row = await repository.updateStatus(id, ['pending'], 'paid');
      if (row) await notify(row);
    },
  });

  const notify = (row: SandboxPaymentRow) => jobs.enqueue(webhookJob, { id: row.id, url: row.webhookUrl });

  /** A payment still open after its time is expired, as Mollie's is. */
  function statusOf(row: SandboxPaymentRow): string {
    return row.status === 'open' && row.expiresAt <= deps.now() ? 'expired' : row.status;
  }

  function toPayment(row: SandboxPaymentRow): ProviderPayment {
    const status = statusOf(row) as ProviderPayment['status'];
    const cents = (value: number) => ({ currency: row.currency, cents: value });
    return {
      id: row.id,
      status,
      amount: cents(row.amountCents),
      method: row.method,
      sequenceType: row.sequenceType as ProviderPayment['sequenceType'],
      checkoutUrl: status === 'open' && row.sequenceType !== 'recurring' ? checkoutUrlOf(row) : null,
      customerId: row.customerId,
      mandateId: row.mandateId,
      amountRefunded: cents(row.refundedCents),
      amountChargedBack: cents(row.chargedBackCents),
      metadata: row.metadata,
    };
  }

  function checkoutUrlOf(row: SandboxPaymentRow): string {
    return `${new URL(row.redirectUrl).origin}/sandbox/checkout/${row.id}`;
  }

  function toMandate(row: SandboxMandateRow): ProviderMandate {
    return {
      id: row.id,
      status: row.status as ProviderMandate['status'],
      method: row.method as ProviderMandate['method'],
      details: row.details,
    };
  }

  async function findValidMandate(input: CreatePaymentInput) {
    if (!input.customerId || !input.mandateId) return null;
    const mandate = await repository.findMandate(input.customerId, input.mandateId);
    return mandate?.status === 'valid' ? mandate : null;
  }

  return {
    name: 'sandbox',

    async createCustomer() {
      return { id: newId('cst') };
    },

    async createPayment(input) {
      if (!Number.isSafeInteger(input.amount.cents) || input.amount.cents <= 0) {
        throw new AppError('payment_provider_unavailable', `sandbox: amount ${input.amount.cents}`);
      }
      const now = deps.now();
      if (input.sequenceType === 'recurring') {
        const mandate = await findValidMandate(input);
        if (!mandate) throw new AppError('payment_provider_unavailable', 'sandbox: recurring payment without mandate');
        // Cards are charged at once; a direct debit settles a little later.
        const row = await repository.insertPayment({
          id: newId('tr'),
          amountCents: input.amount.cents,
          currency: input.amount.currency,
          description: input.description,
          method: mandate.method,
          sequenceType: 'recurring',
          status: mandate.method === 'creditcard' ? 'paid' : 'pending',
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          customerId: input.customerId,
          mandateId: mandate.id,
          metadata: input.metadata,
          createdAt: now,
          expiresAt: new Date(now.getTime() + openForMs),
        });
        if (row.status === 'pending')
          await jobs.enqueue(settleJob, { id: row.id }, { runAt: new Date(Date.now() + settleAfterMs) });
        await notify(row);
        return toPayment(row);
      }
      if (input.sequenceType === 'first' && !input.customerId) {
        throw new AppError('payment_provider_unavailable', 'sandbox: first payment without customer');
      }
      const row = await repository.insertPayment({
        id: newId('tr'),
        amountCents: input.amount.cents,
        currency: input.amount.currency,
        description: input.description,
        method: input.method,
        sequenceType: input.sequenceType,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        customerId: input.customerId ?? null,
        metadata: input.metadata,
        createdAt: now,
        expiresAt: new Date(now.getTime() + openForMs),
      });
      return toPayment(row);
    },

    async getPayment(id) {
      const row = await repository.findPayment(id);
      if (!row) throw new AppError('payment_provider_unavailable', `sandbox: no payment ${id}`);
      return toPayment(row);
    },

    async createMandate(customerId, input) {
      const row = await repository.insertMandate({
        id: newId('mdt'),
        customerId,
        method: input.method,
        status: 'valid',
        details: { consumerName: input.consumerName, consumerAccount: input.consumerAccount.slice(-4) },
        createdAt: deps.now(),
      });
      return toMandate(row);
    },

    async getMandate(customerId, mandateId) {
      const row = await repository.findMandate(customerId, mandateId);
      if (!row) throw new AppError('payment_provider_unavailable', `sandbox: no mandate ${mandateId}`);
      return toMandate(row);
    },

    async createRefund(paymentId, input) {
      const row = await repository.addReversal(paymentId, 'refund', input.amount.cents);
      if (!row) throw new AppError('payment_provider_unavailable', `sandbox: refund of ${paymentId} refused`);
      await notify(row);
      return { id: newId('re'), status: 'refunded', amount: input.amount };
    },

    findCheckout: (id) => repository.findPayment(id),

    async chooseOutcome(id, outcome) {
      const row = await repository.findPayment(id);
      if (!row) return null;
      if (outcome !== 'open' && statusOf(row) === 'open') {
        const moved = await repository.updateStatus(id, ['open'], outcome);
        if (moved) {
          // A paid first payment with a card or direct debit leaves a mandate, as Mollie's does.
          if (outcome === 'paid' && moved.sequenceType === 'first' && moved.customerId && moved.method) {
            const method = moved.method === 'directdebit' ? 'directdebit' : 'creditcard';
            const mandate = await repository.insertMandate({
              id: newId('mdt'),
              customerId: moved.customerId,
              method,
              status: 'valid',
              details: method === 'creditcard' ? { cardNumber: '4242' } : { consumerAccount: '0000' },
              createdAt: deps.now(),
            });
            await repository.setMandate(id, mandate.id);
          }
          await notify(moved);
        }
      }
      return row.redirectUrl;
    },

    async chargeBack(id, cents) {
      const row = await repository.addReversal(id, 'chargeback', cents);
      if (!row) throw new Error(`sandbox: chargeback of ${id} refused`);
      await notify(row);
    },
  };
}
