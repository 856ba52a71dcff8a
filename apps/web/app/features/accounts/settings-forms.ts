import { notificationChannels, notificationTypes } from '@app/shared/accounts/account-choices';
import {
  accountSettingsUpdateSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
} from '@app/shared/accounts/account-settings';
import { coolOffInputSchema, spendLimitInputSchema } from '@app/shared/credits/spend-protection';
import { readFormValues } from '../../lib/form.ts';

// The /settings action imports this table; its clientAction imports it with `import()`, so zod loads only when a
// form is checked.

/** The notification table as the settings schema reads it: every box, ticked or not. */
function readNotificationForm(form: FormData) {
  const notifications = Object.fromEntries(
    notificationChannels.map((channel) => [
      channel,
      Object.fromEntries(notificationTypes.map((type) => [type, form.has(`${channel}.${type}`)])),
    ]),
  );
  return { notifications };
}

/** The push-previews switch as the settings schema reads it. */
function readPushPreviewsForm(form: FormData) {
  return { push_previews: form.get('push_previews') === 'on' };
}

/** The invisible-mode switch as the settings schema reads it. */
function readInvisibleForm(form: FormData) {
  return { invisible: form.get('invisible') === 'on' };
}

const readWithoutIntent = (form: FormData) => readFormValues(form, { omit: ['intent'] });

/**
 * The limit as the schema reads it: digits only (a typed "1.000" or "12,50" is refused, never read as 1 or 12), `none`
 * from the button that drops the member's own limit.
 */
function readSpendLimitForm(form: FormData) {
  const value = String(form.get('monthly_limit') ?? '').trim();
  if (value === 'none') return { monthly_limit: null };
  return { monthly_limit: /^\d{1,9}$/.test(value) ? Number(value) : value };
}

/** Each checked intent's schema and how its form is read: the browser and the action check the same. */
export const settingsForms = {
  notifications: { schema: accountSettingsUpdateSchema, read: readNotificationForm },
  push_previews: { schema: accountSettingsUpdateSchema, read: readPushPreviewsForm },
  invisible: { schema: accountSettingsUpdateSchema, read: readInvisibleForm },
  password: { schema: changePasswordSchema, read: readWithoutIntent },
  email: { schema: changeEmailSchema, read: readWithoutIntent },
  delete: { schema: deleteAccountSchema, read: readWithoutIntent },
  spend_limit: { schema: spendLimitInputSchema, read: readSpendLimitForm },
  cool_off: { schema: coolOffInputSchema, read: readWithoutIntent },
} as const;
