import { z } from 'zod';

export const complaintCategories = [
  'fake_profile',
  'harassment',
  'inappropriate_content',
  'payment',
  'privacy',
  'account',
  'other',
] as const;

/** One schema for the complaint form in the browser and the call on the server; messages are error codes. */
export const complaintInputSchema = z.strictObject({
  name: z.string().trim().min(2, 'name_required').max(80, 'text_too_long'),
  email: z.string().trim().max(254, 'invalid_email').pipe(z.email('invalid_email')),
  category: z.enum(complaintCategories, 'category_required'),
  profile: z.string().trim().max(200, 'text_too_long').optional().default(''),
  message: z.string().trim().min(20, 'complaint_too_short').max(5000, 'text_too_long'),
});
export type ComplaintInput = z.input<typeof complaintInputSchema>;

export const complaintResponseSchema = z.object({ complaint: z.object({ reference: z.string() }) });
export type ComplaintResponse = z.output<typeof complaintResponseSchema>;
