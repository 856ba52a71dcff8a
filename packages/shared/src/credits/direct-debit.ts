import { z } from 'zod';
import { idParamSchema } from '../input.ts';
import { ibanSchema } from './iban.ts';

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

/** How long a confirmed mobile number may be used to sign a direct debit. */
export const phoneVerificationValidMinutes = 30;

/** What one member may be debited in 30 days without a card or bank payment in between (cents, EUR). */
export const directDebitLimitCents = 15_000;

const requiredText = (max: number) =>
  z.string('validation_failed').trim().min(2, 'validation_failed').max(max, 'text_too_long');

/**
 * The direct-debit form's last step: the account to debit, its holder and address, and the member's consent to
 * one debit of the order's amount (spec section 2: SMS code, IBAN, account holder, address, mobile number).
 */
export const directDebitFormSchema = z.strictObject({
  order: idParamSchema,
  phone: phoneSchema,
  iban: ibanSchema,
  account_holder: requiredText(70),
  street: requiredText(100),
  postal_code: z.string('validation_failed').trim().min(3, 'validation_failed').max(12, 'validation_failed'),
  city: requiredText(60),
  authorise: z.literal('on', 'direct_debit_consent_required'),
});
export type DirectDebitForm = z.output<typeof directDebitFormSchema>;
