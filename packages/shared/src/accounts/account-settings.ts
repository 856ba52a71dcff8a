import { z } from 'zod';
import { deleteReasons, type NotificationType, notificationTypes } from './account-choices.ts';
import { emailSchema } from './login.ts';
import { isStrongEnoughPassword } from './signup.ts';

const channelSettings = z.record(z.enum(notificationTypes), z.boolean());
export const notificationSettingsSchema = z.object({ email: channelSettings, push: channelSettings });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Marketing a member must opt in to (GDPR): off for new members, unlike every other type. */
export const optInNotificationTypes: readonly NotificationType[] = ['promotions', 'news'];

export function defaultNotificationSettings(): NotificationSettings {
  const all = Object.fromEntries(
    notificationTypes.map((type) => [type, !optInNotificationTypes.includes(type)]),
  ) as Record<NotificationType, boolean>;
  return { email: { ...all }, push: { ...all } };
}

export const accountSettingsSchema = z.object({
  email: z.string(),
  invisible: z.boolean(),
  notifications: notificationSettingsSchema,
  /** A push may show a message's text (on a lock screen too); off by default. */
  push_previews: z.boolean(),
});
export type AccountSettings = z.output<typeof accountSettingsSchema>;
export const accountSettingsResponseSchema = z.object({ settings: accountSettingsSchema });
export type AccountSettingsResponse = z.output<typeof accountSettingsResponseSchema>;

const partialChannel = z.partialRecord(z.enum(notificationTypes, 'validation_failed'), z.boolean()).optional();
export const accountSettingsUpdateSchema = z.strictObject({
  invisible: z.boolean().optional(),
  notifications: z.strictObject({ email: partialChannel, push: partialChannel }).optional(),
  push_previews: z.boolean().optional(),
});

export const changePasswordSchema = z
  .strictObject({
    old_password: z.string().max(200, 'old_password_wrong'),
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

export const changeEmailSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254, 'new_email_invalid')
    .pipe(z.email('new_email_invalid'))
    .transform((email) => email.toLowerCase()),
  /** The current password: a stolen session alone cannot move the account to another address. */
  password: z.string('old_password_wrong').min(1, 'old_password_wrong').max(200, 'old_password_wrong'),
});
export const mailChangeConfirmSchema = z.strictObject({ token: z.string().min(1).max(100) });
/** The link from the notice to the old address: puts that address back and locks the account down. */
export const mailChangeUndoSchema = z.strictObject({ token: z.string().min(1).max(100) });
/** `reset_token` opens /reset-password/do at once (null when the account is deleted and cannot log in). */
export const mailChangeUndoResponseSchema = z.object({ ok: z.literal(true), reset_token: z.string().nullable() });

export const deleteAccountSchema = z.strictObject({
  reason: z.enum(deleteReasons, 'delete_reason_required'),
  comment: z.string().trim().max(1000, 'text_too_long').optional().default(''),
  password: z.string().min(1, 'old_password_wrong').max(200, 'old_password_wrong'),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });
export { emailSchema };
