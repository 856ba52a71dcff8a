import { z } from 'zod';
import { emailSchema } from './login.ts';
import { isStrongEnoughPassword } from './signup.ts';

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

/** The new password twice; they must be equal and strong enough. */
export const passwordResetSchema = z
  .strictObject({
    token: z.string().min(1, 'reset_link_invalid').max(100, 'reset_link_invalid'),
    password: z.string().max(200, 'text_too_long'),
    password_repeat: z.string().max(200, 'text_too_long'),
  })
  .superRefine((input, context) => {
    if (input.password !== input.password_repeat) {
      context.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' });
    } else if (!isStrongEnoughPassword(input.password, '', '')) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'password_too_weak' });
    }
  });

export const passwordResetRequestResponseSchema = z.object({ sent: z.literal(true) });
