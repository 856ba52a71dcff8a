/** Payment methods by Mollie's ids (spec section 9: direct debit, bank transfer, cards, iDEAL, Bancontact…). */
export const paymentMethods = [
  'ideal',
  'bancontact',
  'kbc',
  'belfius',
  'creditcard',
  'paypal',
  'applepay',
  'sofort',
  'eps',
  'przelewy24',
  'banktransfer',
  'directdebit',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What each buyer's country can pay with, in the order the list shows them; other countries get `fallback`. */
const methodsByCountry: Record<string, PaymentMethod[]> = {
  NL: ['ideal', 'creditcard', 'paypal', 'applepay', 'directdebit', 'banktransfer'],
  BE: ['bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'applepay', 'directdebit', 'banktransfer'],
  DE: ['creditcard', 'paypal', 'sofort', 'applepay', 'directdebit', 'banktransfer'],
  AT: ['eps', 'creditcard', 'paypal', 'sofort', 'applepay', 'directdebit', 'banktransfer'],
  PL: ['przelewy24', 'creditcard', 'paypal', 'applepay', 'banktransfer'],
};
const fallback: PaymentMethod[] = ['creditcard', 'paypal', 'applepay', 'banktransfer'];

export function findPaymentMethods(country: string): PaymentMethod[] {
  return methodsByCountry[country] ?? fallback;
}

/** Methods with a bank to choose before paying, and their banks (Mollie issuer ids). */
export const paymentIssuers: Partial<Record<PaymentMethod, { id: string; name: string }[]>> = {
  ideal: [
    { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
    { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
    { id: 'ideal_BUNQNL2A', name: 'bunq' },
    { id: 'ideal_INGBNL2A', name: 'ING' },
    { id: 'ideal_KNABNL2H', name: 'Knab' },
    { id: 'ideal_RABONL2U', name: 'Rabobank' },
    { id: 'ideal_RBRBNL21', name: 'RegioBank' },
    { id: 'ideal_REVOLT21', name: 'Revolut' },
    { id: 'ideal_SNSBNL2A', name: 'SNS' },
    { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
    { id: 'ideal_FVLBNL22', name: 'Van Lanschot Kempen' },
  ],
  kbc: [
    { id: 'kbc', name: 'KBC' },
    { id: 'cbc', name: 'CBC' },
  ],
};

/** Shown only where the browser says it can pay with it. */
export const deviceOnlyMethods: readonly PaymentMethod[] = ['applepay'];

/** Methods that leave a mandate for later payments in one step (card on file, SEPA direct debit). */
export const recurringMethods: readonly PaymentMethod[] = ['creditcard', 'directdebit'];
