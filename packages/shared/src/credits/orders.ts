import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';
import { paymentMethods } from './payment-methods.ts';

/** An amount as members see it: major units of `currency` (14.99), never floating in the database (cents there). */
const amountSchema = z.number();

/** A credit bundle as the shop shows it, priced for this buyer by the server (spec: premium package blocks). */
export const creditPackageSchema = z.object({
  id: idSchema,
  credits: z.int(),
  /** How many text messages the bundle pays for at the site's message price. */
  messages: z.int(),
  currency: z.string(),
  /** The package's price with VAT. */
  list_price: amountSchema,
  /** What this buyer pays now (the discount applied; never below the site's minimum message price). */
  price: amountSchema,
  price_per_message: amountSchema,
  label: z.string(),
  variant: z.enum(['p0', 'p1', 'p2', 'p3']),
  best_value: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const packagesResponseSchema = z.object({
  packages: z.array(creditPackageSchema),
  /** The discount the prices include (the time bonus, or a code given), or null. */
  discount: z.object({ code: z.string(), percentage: z.int() }).nullable(),
  /** The buyer's VAT rate in percent, for the note beside the prices. */
  vat_percentage: z.number(),
});
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;

export const packagesQuerySchema = z.strictObject({
  discount_code: z.string().trim().max(40, 'discount_code_not_found').optional(),
});

export const orderStatuses = [
  'open',
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderSchema = z.object({
  id: idSchema,
  status: z.enum(orderStatuses),
  package: idSchema,
  credits: z.int(),
  currency: z.string(),
  list_price: amountSchema,
  amount: amountSchema,
  vat: amountSchema,
  vat_percentage: z.number(),
  /** The buyer's country when ordered: its VAT and its payment methods. */
  country: z.string(),
  discount_code: z.string().nullable(),
  discount_percentage: z.int().nullable(),
  payment_method: z.enum(paymentMethods).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderInputSchema = z.strictObject({
  package: idSchema,
  payment_method: z.enum(paymentMethods, 'payment_method_unavailable'),
  /** The bank, for methods with a choice (iDEAL). */
  issuer: z.string().max(40, 'payment_method_unavailable').optional(),
  discount_code: z.string().trim().max(40, 'discount_code_not_found').optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

export const createOrderResponseSchema = z.object({ order: orderSchema, checkout_url: z.string().nullable() });

export const orderQuerySchema = z.strictObject({ id: idParamSchema });
export const orderResponseSchema = z.object({ order: orderSchema });

/** The webhook's form body: only the provider's payment id, as Mollie sends it. */
export const paymentWebhookSchema = z.object({ id: z.string().min(1).max(64) });

/** The form of a package block: order this package (the payment method is chosen on the next page). */
export const orderPackageFormSchema = z.strictObject({
  package: idParamSchema,
  discount_code: z.string().trim().max(40, 'discount_code_not_found').optional(),
});

/** The payment screen's form: pay the order with this method (and bank). */
export const payOrderFormSchema = z.strictObject({
  payment_method: z.enum(paymentMethods, 'payment_method_unavailable'),
  issuer: z.string().max(40, 'payment_method_unavailable').optional(),
});
