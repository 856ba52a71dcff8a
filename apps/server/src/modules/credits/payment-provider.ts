import type { PaymentMethod } from '@app/shared/credits/payment-methods';

/** An amount in the smallest unit of its currency (cents). Providers that speak "10.00" convert at their edge. */
export interface Money {
  currency: string;
  cents: number;
}

/** Mollie's payment statuses; the sandbox uses the same. */
export type ProviderPaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

type SequenceType = 'oneoff' | 'first' | 'recurring';

/** A payment as the provider tells it: the only source of truth about money (webhooks carry just the id). */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: Money;
  method: string | null;
  sequenceType: SequenceType;
  /** Where the buyer pays; null for recurring payments and once the payment is final. */
  checkoutUrl: string | null;
  customerId: string | null;
  /** The mandate a first or recurring payment created or used. */
  mandateId: string | null;
  amountRefunded: Money;
  amountChargedBack: Money;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  amount: Money;
  description: string;
  method: PaymentMethod;
  /** The bank, for methods that have a choice (iDEAL, KBC/CBC). */
  issuer?: string;
  /** Where the buyer returns after the checkout: always built from the site's configured domain. */
  redirectUrl: string;
  webhookUrl: string;
  /** Mollie locale, such as nl_NL. */
  locale: string;
  sequenceType: SequenceType;
  /** Needed for first and recurring payments. */
  customerId?: string;
  /** For a recurring payment: the mandate to charge. */
  mandateId?: string;
  metadata: Record<string, string>;
}

export interface ProviderMandate {
  id: string;
  status: 'pending' | 'valid' | 'invalid';
  method: 'creditcard' | 'directdebit';
  /** What the member recognises it by: the holder and the account's or card's last digits. */
  details: Record<string, string>;
}

interface CreateMandateInput {
  method: 'directdebit';
  consumerName: string;
  /** IBAN, without spaces. */
  consumerAccount: string;
  /** YYYY-MM-DD */
  signatureDate: string;
  mandateReference: string;
}

export interface ProviderRefund {
  id: string;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  amount: Money;
}

/**
 * What the shop needs of a payment provider (DESIGN.md, "Payments"). Implemented by the built-in sandbox and by
 * Mollie. Every method throws AppError('payment_provider_unavailable') when the provider cannot be reached or
 * refuses for a reason the member cannot fix; nothing has been charged then.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
  createCustomer(input: { name: string; email: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  createMandate(customerId: string, input: CreateMandateInput): Promise<ProviderMandate>;
  getMandate(customerId: string, mandateId: string): Promise<ProviderMandate>;
  createRefund(paymentId: string, input: { amount: Money; description: string }): Promise<ProviderRefund>;
}
