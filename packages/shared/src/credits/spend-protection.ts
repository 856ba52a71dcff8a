import { z } from 'zod';
import { coolOffPeriods, maximumMonthlyLimit } from './spend-limits.ts';

/** A limit as a member sets it: a whole amount; null for none of their own (the site's default, if any). */
const monthlyLimitSchema = z
  .int('spend_limit_invalid')
  .min(0, 'spend_limit_invalid')
  .max(maximumMonthlyLimit, 'spend_limit_invalid');

export const spendLimitInputSchema = z.strictObject({ monthly_limit: monthlyLimitSchema.nullable() });

export const coolOffInputSchema = z.strictObject({ cool_off: z.enum(coolOffPeriods, 'choice_required') });

/**
 * PUT /api/spend-protection.php: a new limit, or a cool-off to start (or extend), one of the two. One object rather
 * than a union, so that a wrong value is answered with its own field's error, not with "matches neither".
 */
export const spendProtectionUpdateSchema = z
  .strictObject({
    ...spendLimitInputSchema.partial().shape,
    ...coolOffInputSchema.partial().shape,
  })
  .refine((input) => 'monthly_limit' in input !== 'cool_off' in input, 'validation_failed');
export type SpendProtectionUpdate = z.infer<typeof spendProtectionUpdateSchema>;

const instant = z.iso.datetime({ offset: true });
/** An amount in major units of `currency` (12.5), as orders show them. */
const amount = z.number();

export const spendProtectionSchema = z.object({
  /** The currency of the limit and of what was spent: the site's main currency. */
  currency: z.string(),
  monthly_limit: amount
    .nullable()
    .describe('The limit that counts now (the own one, else the site default); null: none.'),
  own_limit: amount.nullable().describe("The member's own limit; null: none (the site's default counts)."),
  default_limit: amount.nullable().describe("The site's default limit for members without one of their own."),
  pending_limit: z
    .object({
      monthly_limit: amount.nullable().describe('The limit that will count from then; null: none.'),
      own_limit: amount.nullable(),
      from: instant,
    })
    .nullable()
    .describe('A raise or removal waiting for its 24 hours.'),
  spent_this_month: amount.describe(
    "Paid this calendar month (site's time zone), plus checkouts opened in the last 24 hours and not finished.",
  ),
  left_this_month: amount.nullable().describe('What may still be spent this month; null: no limit.'),
  month_ends: instant.describe('When the month ends and the count starts again.'),
  cool_off_until: instant.nullable().describe('No purchases until then; null: no cool-off.'),
});
export type SpendProtection = z.infer<typeof spendProtectionSchema>;

export const spendProtectionResponseSchema = z.object({ spend_protection: spendProtectionSchema });
