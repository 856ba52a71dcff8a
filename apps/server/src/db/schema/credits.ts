import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { sites } from './sites.ts';

/**
 * Discount codes (spec section 3): campaign codes for everyone, or personal ones such as the discount offered
 * to a member about to delete the account. Checkout applies them; /api/discountcode.php looks them up.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Stored upper-case; unique per site. */
    code: text('code').notNull(),
    /** A personal code works only for this member. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Only for buyers paying from this country, when set. */
    country: text('country'),
    valuePercentage: integer('value_percentage').notNull(),
    currency: text('currency'),
    /** In cents of `currency`. */
    minimumOrderValue: integer('minimum_order_value'),
    status: text('status', { enum: ['active', 'used', 'disabled'] })
      .notNull()
      .default('active'),
    validity: text('validity', { enum: ['once', 'once-per-user', 'unlimited'] })
      .notNull()
      .default('once'),
    paymentMethods: text('payment_methods').array(),
    /** Why the code exists: 'delete_discount' for the stay-offer, 'campaign' for codes made by staff. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_site_code_idx').on(table.siteId, table.code),
    // One stay-offer per member, however often the deletion flow is opened.
    uniqueIndex('discount_codes_user_purpose_idx')
      .on(table.userId, table.purpose)
      .where(sql`${table.purpose} = 'delete_discount'`),
    index('discount_codes_user_idx').on(table.userId),
    check('discount_codes_percentage', sql`${table.valuePercentage} between 1 and 100`),
  ],
);

/**
 * The credit ledger (DESIGN.md, "Credits"): every change of a member's credits, append-only. `users.credits` is its
 * cached sum, written in the same transaction; (reason, reference) is unique, so one cause never counts twice.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    /** signup, demo, purchase, refund, chargeback, message, photo, gift, correction. */
    reason: text('reason').notNull(),
    /** What caused it: an order id, a message id; unique per reason. */
    reference: text('reference').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Credits a reversal could not take back because they were spent already (never below zero). */
    shortfall: integer('shortfall').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_entries_reason_reference_idx').on(table.reason, table.reference),
    index('credit_entries_user_idx').on(table.userId, table.id),
    check('credit_entries_balance_not_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

/** Credit bundles a site sells, per currency (spec: premium package blocks p0 to p3). */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    /** Price including VAT, in cents of `currency`. */
    priceCents: integer('price_cents').notNull(),
    /** The package's name in the catalogs (credits.package_*). */
    label: text('label').notNull(),
    variant: text('variant', { enum: ['p0', 'p1', 'p2', 'p3'] }).notNull(),
    bestValue: boolean('best_value').notNull().default(false),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('credit_packages_site_idx').on(table.siteId, table.currency, table.position),
    check('credit_packages_positive', sql`${table.credits} > 0 and ${table.priceCents} > 0`),
  ],
);

/**
 * A purchase of a package at the price fixed when it was made. Paid once: the conditional change from an unpaid
 * status to `paid` is what credits the member (DESIGN.md, "Payments").
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    currency: text('currency').notNull(),
    /** The package's price when ordered, and what the member pays after the discount (both with VAT). */
    listPriceCents: integer('list_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** VAT rate of the buyer's country in basis points (2100 = 21%). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    country: text('country').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    /** The code as applied (TIMEBONUS25 has no row), and its percentage. */
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage'),
    status: text('status', {
      enum: ['open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'],
    })
      .notNull()
      .default('open'),
    /** The method of the latest payment. */
    paymentMethod: text('payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The payment that paid it; a second paid payment of the same order is refunded. */
    paidPaymentId: integer('paid_payment_id'),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.id),
    index('orders_user_paid_idx').on(table.userId, table.paidAt),
    check('orders_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** One attempt to pay an order with the provider; an order that failed is retried with a new payment. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: ['sandbox', 'mollie'] }).notNull(),
    /** The provider's id (`tr_…`). */
    providerPaymentId: text('provider_payment_id').notNull(),
    method: text('method').notNull(),
    sequenceType: text('sequence_type', { enum: ['oneoff', 'first', 'recurring'] })
      .notNull()
      .default('oneoff'),
    status: text('status', { enum: ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    checkoutUrl: text('checkout_url'),
    /** Cents refunded or charged back, as the provider last told. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedBackCents: integer('charged_back_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_id_idx').on(table.provider, table.providerPaymentId),
    index('payments_order_idx').on(table.orderId),
  ],
);

/**
 * The built-in sandbox provider's own payments (it stands where Mollie would): the hosted checkout and the
 * webhook read them here, so every app process sees the same state.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method'),
  sequenceType: text('sequence_type').notNull().default('oneoff'),
  status: text('status').notNull().default('open'),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  customerId: text('customer_id'),
  mandateId: text('mandate_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  refundedCents: integer('refunded_cents').notNull().default(0),
  chargedBackCents: integer('charged_back_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A member's standing permission to be charged again: a card or a SEPA direct-debit mandate at the provider. */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'mollie'] }).notNull(),
    customerId: text('customer_id').notNull(),
    mandateId: text('mandate_id').notNull(),
    method: text('method', { enum: ['creditcard', 'directdebit'] }).notNull(),
    status: text('status', { enum: ['pending', 'valid', 'invalid'] }).notNull(),
    /** What the member recognises it by: card's last digits or the IBAN's last four, the holder's name. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_mandates_provider_idx').on(table.provider, table.mandateId),
    index('payment_mandates_user_idx').on(table.userId),
  ],
);

/**
 * A member's own protection against spending too much: a monthly limit (lowered at once, raised only 24 hours
 * after asking) and a cool-off during which nothing can be bought.
 */
export const spendProtection = pgTable('spend_protection', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Cents per calendar month; null: the site's default. */
  monthlyLimitCents: integer('monthly_limit_cents'),
  /** A raise waiting for its 24 hours. */
  pendingLimitCents: integer('pending_limit_cents'),
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
  coolOffUntil: timestamp('cool_off_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which member used which code on which paid order: 'once-per-user' codes are refused a second time. */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('discount_code_uses_code_user_idx').on(table.discountCodeId, table.userId)],
);

/** The sandbox provider's mandates: what a paid first payment or a signed direct debit leaves to charge again. */
export const sandboxMandates = pgTable('sandbox_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
