import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
