import {
  type AccountSettings,
  type AccountSettingsResponse,
  changeEmailSchema,
  changePasswordSchema,
  notificationChannels,
  notificationTypes,
} from '@app/shared/accounts/account-settings';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';

type Status = { tone: 'success' | 'danger'; text: string } | null;

function StatusLine(props: { status: Status; testId?: string }) {
  if (!props.status) return null;
  return (
    <p className={`small mt-2 mb-0 text-${props.status.tone}`} role="status" data-testid={props.testId}>
      {props.status.text}
    </p>
  );
}

/** E-mail and push choices per notification type; every change is saved at once. */
export function NotificationSection(props: { settings: AccountSettings; onChange(settings: AccountSettings): void }) {
  const { t } = useI18n();
  const errorText = useApiErrorText();
  const [status, setStatus] = useState<Status>(null);
  async function toggle(channel: 'email' | 'push', type: string, value: boolean) {
    try {
      const answer = await apiRequest<AccountSettingsResponse>('PUT', '/api/account-settings.php', {
        notifications: { [channel]: { [type]: value } },
      });
      props.onChange(answer.settings);
      setStatus({ tone: 'success', text: t('settings.saved') });
    } catch (error) {
      setStatus({ tone: 'danger', text: errorText(error) });
    }
  }
  return (
    <section className="card mb-3" aria-labelledby="settings-notifications">
      <div className="card-body">
        <h2 className="h5" id="settings-notifications">
          {t('settings.notifications_title')}
        </h2>
        <p className="text-body-secondary small">{t('settings.notifications_intro')}</p>
        <table className="notification-table">
          <thead>
            <tr>
              <th scope="col" />
              {notificationChannels.map((channel) => (
                <th scope="col" key={channel}>
                  {t(`settings.channel_${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {notificationTypes.map((type) => (
              <tr key={type}>
                <th scope="row">{t(`settings.types.${type}`)}</th>
                {notificationChannels.map((channel) => (
                  <td key={channel}>
                    <label className="notification-toggle">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        aria-label={`${t(`settings.types.${type}`)}: ${t(`settings.channel_${channel}`)}`}
                        checked={props.settings.notifications[channel][type]}
                        onChange={(event) => toggle(channel, type, event.currentTarget.checked)}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <StatusLine status={status} />
      </div>
    </section>
  );
}

export function InvisibleSection(props: { settings: AccountSettings; onChange(settings: AccountSettings): void }) {
  const { t } = useI18n();
  const errorText = useApiErrorText();
  const [status, setStatus] = useState<Status>(null);
  return (
    <section className="card mb-3" aria-labelledby="settings-invisible">
      <div className="card-body">
        <h2 className="h5" id="settings-invisible">
          {t('settings.invisible_title')}
        </h2>
        <div className="form-check form-switch">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="settings-invisible-switch"
            aria-checked={props.settings.invisible}
            checked={props.settings.invisible}
            onChange={async (event) => {
              try {
                const answer = await apiRequest<AccountSettingsResponse>('PUT', '/api/account-settings.php', {
                  invisible: event.currentTarget.checked,
                });
                props.onChange(answer.settings);
                setStatus({ tone: 'success', text: t('settings.saved') });
              } catch (error) {
                setStatus({ tone: 'danger', text: errorText(error) });
              }
            }}
          />
          <label className="form-check-label" htmlFor="settings-invisible-switch">
            {t('settings.invisible_label')}
          </label>
        </div>
        <p className="small text-body-secondary mt-2 mb-0">{t('settings.invisible_help')}</p>
        <StatusLine status={status} />
      </div>
    </section>
  );
}

export function PasswordSection() {
  const { t } = useI18n();
  const errorText = useApiErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(form)));
    setStatus(null);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setErrors({ [String(issue.path[0])]: t(`errors.${issue.message}`, { field: String(issue.path[0]) }) });
      return;
    }
    setErrors({});
    try {
      await apiRequest('POST', '/api/password.php', parsed.data);
      form.reset();
      setStatus({ tone: 'success', text: t('settings.password_saved') });
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field) setErrors({ [field]: errorText(error) });
      else if (error instanceof ApiRequestError && error.code === 'old_password_wrong') {
        setErrors({ old_password: errorText(error) });
      } else setStatus({ tone: 'danger', text: errorText(error) });
    }
  }
  return (
    <section className="card mb-3" aria-labelledby="settings-password">
      <div className="card-body">
        <h2 className="h5" id="settings-password">
          {t('settings.password_title')}
        </h2>
        <form method="post" noValidate onSubmit={onSubmit}>
          <FormField id="settings-old-password" label={t('settings.old_password')} error={errors.old_password}>
            {(control) => <input {...control} name="old_password" type="password" autoComplete="current-password" />}
          </FormField>
          <FormField id="settings-new-password" label={t('settings.new_password')} error={errors.password}>
            {(control) => <input {...control} name="password" type="password" autoComplete="new-password" />}
          </FormField>
          <FormField
            id="settings-new-password-repeat"
            label={t('settings.new_password_repeat')}
            error={errors.password_repeat}
          >
            {(control) => <input {...control} name="password_repeat" type="password" autoComplete="new-password" />}
          </FormField>
          <button type="submit" className="btn btn-outline-primary">
            {t('settings.password_save')}
          </button>
          <StatusLine status={status} testId="password-status" />
        </form>
      </div>
    </section>
  );
}

export function EmailSection(props: { email: string }) {
  const { t } = useI18n();
  const errorText = useApiErrorText();
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [status, setStatus] = useState<Status>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = changeEmailSchema.safeParse(Object.fromEntries(new FormData(form)));
    setStatus(null);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === 'password' ? 'password' : 'email';
      setErrors({ [field]: t(`errors.${issue.message}`, { field }) });
      return;
    }
    setErrors({});
    try {
      await apiRequest('POST', '/api/mail-change.php', parsed.data);
      form.reset();
      setStatus({ tone: 'success', text: t('settings.email_sent', { email: parsed.data.email }) });
    } catch (failure) {
      const code = failure instanceof ApiRequestError ? failure.code : undefined;
      setErrors(code === 'old_password_wrong' ? { password: errorText(failure) } : { email: errorText(failure) });
    }
  }
  return (
    <section className="card mb-3" aria-labelledby="settings-email">
      <div className="card-body">
        <h2 className="h5" id="settings-email">
          {t('settings.email_title')}
        </h2>
        <p className="small text-body-secondary">{t('settings.email_current', { email: props.email })}</p>
        <form method="post" noValidate onSubmit={onSubmit}>
          <FormField id="settings-new-email" label={t('settings.new_email')} error={errors.email}>
            {(control) => <input {...control} name="email" type="email" autoComplete="email" />}
          </FormField>
          <FormField id="settings-email-password" label={t('settings.email_password')} error={errors.password}>
            {(control) => <input {...control} name="password" type="password" autoComplete="current-password" />}
          </FormField>
          <button type="submit" className="btn btn-outline-primary">
            {t('settings.email_save')}
          </button>
          <StatusLine status={status} testId="email-status" />
        </form>
      </div>
    </section>
  );
}
