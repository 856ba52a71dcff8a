import { z } from 'zod';

/** How long an SMS code may be used, and how many wrong tries kill it (the member then requests a new one). */
export const phoneCodeLifetimeMinutes = 10;
export const phoneCodeMaxAttempts = 5;

/**
 * A mobile number as typed: digits with an optional leading + and the usual separators. Whether it is a mobile
 * number of one of the site's countries is for the server to say (it knows the countries and has the number plan).
 */
const phoneSchema = z
  .string('phone_invalid')
  .trim()
  .min(6, 'phone_invalid')
  .max(32, 'phone_invalid')
  .regex(/^\+?[0-9][0-9 ()./-]*$/, 'phone_invalid');

/** The six digits of an SMS code; spaces typed between them are dropped. */
const phoneCodeSchema = z
  .string('sms_code_invalid')
  .max(32, 'sms_code_invalid')
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}$/, 'sms_code_invalid'));

/** Asking for a code by SMS (the direct-debit form's first step). */
export const phoneCodeRequestSchema = z.strictObject({ phone: phoneSchema });

/** Confirming the number with the code it received. */
export const phoneCodeCheckSchema = z.strictObject({ phone: phoneSchema, code: phoneCodeSchema });

/** POST /api/phone-code.php: `{ phone }` sends a code; with `?verify=1`, `{ phone, code }` checks it. */
export const phoneCodeInputSchema = phoneCodeRequestSchema.extend({
  /** The code the SMS brought; with `?verify=1` only. */
  code: phoneCodeSchema.optional(),
});
export const phoneCodeQuerySchema = z.strictObject({
  verify: z.literal('1', 'validation_failed').optional(),
});

/** A code was sent: to this number (international form) and usable until `expires_at`. */
export const phoneCodeSentSchema = z.object({
  phone: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PhoneCodeSent = z.output<typeof phoneCodeSentSchema>;

/** The number is the member's: what a direct-debit mandate keeps as proof. */
export const phoneVerifiedSchema = z.object({
  phone: z.string(),
  verified_at: z.iso.datetime({ offset: true }),
});
export type PhoneVerified = z.output<typeof phoneVerifiedSchema>;

export const phoneCodeResponseSchema = z.union([phoneCodeSentSchema, phoneVerifiedSchema]);
