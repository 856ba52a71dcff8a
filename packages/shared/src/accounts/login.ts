import { z } from 'zod';
import { locales } from '../i18n/locales.ts';
import { sessionUserSchema } from './session-user.ts';

/** The name of the session cookie (prefix `auth.` per the spec). */
export const sessionCookieName = 'auth.token';
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'invalid_email')
  .pipe(z.email('invalid_email'))
  .transform((email) => email.toLowerCase());

export const loginInputSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'login_failed').max(200, 'login_failed'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const languageInputSchema = z.strictObject({ language: z.enum(locales, 'validation_failed') });

export const userResponseSchema = z.object({ user: sessionUserSchema });
export type UserResponse = z.output<typeof userResponseSchema>;
export const logoutResponseSchema = z.object({ ok: z.literal(true) });
