/** Why a member's credits changed: one ledger entry each (the transactions page names them). */
export const creditReasons = [
  'signup',
  'demo',
  'purchase',
  'refund',
  'chargeback',
  'message',
  'photo',
  'gift',
  'correction',
] as const;
export type CreditReason = (typeof creditReasons)[number];
