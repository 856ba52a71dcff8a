import { notificationChannels, notificationTypes } from '@app/shared/accounts/account-choices';
import {
  accountSettingsUpdateSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
} from '@app/shared/accounts/account-settings';
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

/** The invisible-mode switch as the settings schema reads it. */
function readInvisibleForm(form: FormData) {
  return { invisible: form.get('invisible') === 'on' };
}

const readWithoutIntent = (form: FormData) => readFormValues(form, { omit: ['intent'] });

/** Each checked intent's schema and how its form is read: the browser and the action check the same. */
export const settingsForms = {
  notifications: { schema: accountSettingsUpdateSchema, read: readNotificationForm },
  invisible: { schema: accountSettingsUpdateSchema, read: readInvisibleForm },
  password: { schema: changePasswordSchema, read: readWithoutIntent },
  email: { schema: changeEmailSchema, read: readWithoutIntent },
  delete: { schema: deleteAccountSchema, read: readWithoutIntent },
} as const;
