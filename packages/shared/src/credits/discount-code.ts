import { z } from 'zod';
import { idSchema } from '../input.ts';

/** A discount code as the client sees it (spec section 3). */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: idSchema.nullable(),
  expires: z.iso.datetime({ offset: true }).nullable(),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().nullable(),
  status: z.enum(['active', 'used', 'disabled']),
  validity: z.enum(['once', 'once-per-user', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()).nullable(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/**
 * `GET /api/discountcode.php` asks in one of two ways (spec section 7): `?code=` looks a code up, `?welcome=true`
 * asks for the member's welcome discount.
 */
export const discountCodeQuerySchema = z
  .strictObject({
    code: z.string().trim().min(1, 'discount_code_not_found').max(40, 'discount_code_not_found').optional(),
    welcome: z.literal('true').optional(),
  })
  .refine((query) => (query.code === undefined) !== (query.welcome === undefined), {
    message: 'validation_failed',
    path: ['code'],
  });
export const discountCodeResponseSchema = z.object({ discountcode: discountCodeSchema });
export type DiscountCodeResponse = z.output<typeof discountCodeResponseSchema>;

/** How long the discount offered to a member about to delete the account stays valid. */
export const deleteDiscountValidDays = 30;
