import { z } from 'zod';
import { idSchema } from '../input.ts';
import { ageOn } from '../profiles/age.ts';
import { maximumMemberAge, minimumMemberAge } from '../profiles/profile-fields.ts';
import { emailSchema } from './login.ts';
import { sessionUserSchema } from './session-user.ts';
import { trackingKeys } from './tracking-keys.ts';

export const trackingSchema = z
  .partialRecord(z.enum(trackingKeys), z.string().trim().max(100, 'text_too_long'))
  .optional()
  .default({});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A password that is long enough and not the name or e-mail address. */
export function isStrongEnoughPassword(password: string, email: string, name: string): boolean {
  if (password.length < 8) return false;
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === name.toLowerCase()) return false;
  if (/^(.)\1+$/.test(password) || (/^(0123|1234|abcd|qwer|pass|wacht)/i.test(password) && password.length < 12)) {
    return false;
  }
  return new Set(password).size >= 4;
}

/** A date of birth (YYYY-MM-DD) of someone between the minimum and maximum member age on `today`. */
export function createDateOfBirthSchema(today: () => Date = () => new Date()) {
  return z
    .string()
    .trim()
    .min(1, 'date_of_birth_required')
    .refine(isRealDate, 'date_of_birth_invalid')
    .refine((value) => ageOn(value, today()) <= maximumMemberAge, 'date_of_birth_invalid')
    .refine((value) => ageOn(value, today()) >= minimumMemberAge, 'date_of_birth_required');
}

/**
 * The signup form (spec section 3) in the browser and on the server. `today` fixes the clock for the age check.
 * Messages are error codes; the spec's texts are their catalog entries.
 */
export function createSignupInputSchema(today: () => Date = () => new Date()) {
  return z
    .strictObject({
      email: emailSchema,
      name: z
        .string()
        .trim()
        .min(2, 'name_required')
        .max(30, 'text_too_long')
        .refine((name) => !name.startsWith('@'), 'name_starts_with_at'),
      password: z.string().max(200, 'text_too_long'),
      date_of_birth: createDateOfBirthSchema(today),
      signup_message: z.string().trim().max(500, 'text_too_long').optional().default(''),
      tracking: trackingSchema,
      /** The member whose landing page the visitor came from (`/members/{id}/signup`). */
      target_profile_id: idSchema.optional(),
    })
    .superRefine((input, context) => {
      if (input.name.toLowerCase() === input.email.toLowerCase()) {
        context.addIssue({ code: 'custom', path: ['name'], message: 'name_is_email' });
      }
      if (!isStrongEnoughPassword(input.password, input.email, input.name)) {
        context.addIssue({ code: 'custom', path: ['password'], message: 'password_too_weak' });
      }
    });
}
export type SignupInput = z.input<ReturnType<typeof createSignupInputSchema>>;

export const signupResponseSchema = z.object({ user: sessionUserSchema });
export const activationMailResponseSchema = z.object({ sent: z.literal(true) });

/** The link of an activation or reactivation mail: `GET /api/activate.php?token=` (a missing token is no token). */
export const mailLinkQuerySchema = z.object({ token: z.string().max(100).optional().default('') });
