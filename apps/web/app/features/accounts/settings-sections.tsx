import { notificationChannels, notificationTypes } from '@app/shared/accounts/account-choices';
import type { AccountSettings } from '@app/shared/accounts/account-settings';
import type { DiscountCode } from '@app/shared/credits/discount-code';
import type { SpendProtection } from '@app/shared/credits/spend-protection';
import { useActionData, useFetcher, useSearchParams } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { type FormErrors, findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { PushDeviceSwitch } from '../push/push-device-switch.tsx';

/** The /settings action's answer to one section's form. */
export interface SettingsAnswer {
  intent: SettingsIntent;
  errors?: FormErrors;
  settings?: AccountSettings;
  discount?: DiscountCode;
  spendProtection?: SpendProtection;
  /** The new address a confirmation link went to. */
  sentTo?: string;
}

/** Which form of /settings was sent; each section has its own. */
export const settingsIntents = [
  'notifications',
  'push_previews',
  'invisible',
  'password',
  'email',
  'delete',
  'stay_invisible',
  'stay_fewer_mails',
  'stay_discount',
  'spend_limit',
  'cool_off',
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** The success a plain post's redirect names in the address (`?done=<intent>`, `&sent_to=` for the e-mail form). */
function useRedirectAnswer(): SettingsAnswer | undefined {
  const [params] = useSearchParams();
  const intent = settingsIntents.find((known) => known === params.get('done'));
  if (!intent) return undefined;
  return intent === 'email' ? { intent, sentTo: params.get('sent_to') ?? '' } : { intent };
}

/**
 * A section's form: posted to the /settings action, in place once the page runs (a fetcher per section), as a plain
 * post without JavaScript, which renders /settings with the answer.
 */
export function useSettingsForm(intent: SettingsIntent) {
  const fetcher = useFetcher<SettingsAnswer>({ key: `settings-${intent}` });
  const redirectAnswer = useRedirectAnswer();
  const pageAnswer = (useActionData() as SettingsAnswer | undefined) ?? redirectAnswer;
  const answer = fetcher.data ?? (pageAnswer?.intent === intent ? pageAnswer : undefined);
  const errors = useFormErrorTexts(findFormErrors(answer));
  const saved = answer !== undefined && !answer.errors;
  return { fetcher, answer, errors, saved, busy: fetcher.state !== 'idle' };
}

export function StatusLine(props: { text: string | undefined; tone: 'success' | 'danger'; testId?: string }) {
  if (!props.text) return null;
  return (
    <p className={`small mt-2 mb-0 text-${props.tone}`} role="status" data-testid={props.testId}>
      {props.text}
    </p>
  );
}

function IntentField(props: { intent: SettingsIntent }) {
  return <input type="hidden" name="intent" value={props.intent} />;
}

/** The props every settings section takes: the settings as the page's loader read them. */
interface SectionProps {
  settings: AccountSettings;
}

/** E-mail and push choices per notification type, saved together. */
export function NotificationSection(props: SectionProps) {
  const { t } = useI18n();
  const { fetcher, errors, saved, busy } = useSettingsForm('notifications');
  const { notifications } = props.settings;
  return (
    <section className="card mb-3 settings-section" id="notifications" aria-labelledby="settings-notifications">
      <div className="card-body">
        <h2 className="h5" id="settings-notifications">
          {t('settings.notifications_title')}
        </h2>
        <p className="text-body-secondary small">{t('settings.notifications_intro')}</p>
        <fetcher.Form method="post" action="/settings" key={JSON.stringify(notifications)}>
          <IntentField intent="notifications" />
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
                          name={`${channel}.${type}`}
                          aria-label={`${t(`settings.types.${type}`)}: ${t(`settings.channel_${channel}`)}`}
                          defaultChecked={notifications[channel][type]}
                        />
                      </label>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" className="btn btn-outline-primary mt-2" disabled={busy}>
            {t('settings.save')}
          </button>
          <StatusLine
            tone={errors.form ? 'danger' : 'success'}
            text={errors.form ?? (saved ? t('settings.saved') : undefined)}
            testId="notifications-status"
          />
        </fetcher.Form>
      </div>
    </section>
  );
}

/**
 * Push on this device (after hydration: push needs script) and, for every device, whether a push may show a message's
 * text (a form, without script too).
 */
export function PushSection(props: SectionProps) {
  const { t } = useI18n();
  return (
    <section className="card mb-3 settings-section" id="push" aria-labelledby="settings-push">
      <div className="card-body">
        <h2 className="h5" id="settings-push">
          {t('settings.push_title')}
        </h2>
        <p className="text-body-secondary small">{t('settings.push_intro')}</p>
        <PushDeviceSwitch />
        <SwitchForm
          intent="push_previews"
          checked={props.settings.push_previews}
          label={t('settings.push_previews_label')}
          help={t('settings.push_previews_help')}
          testId="push-previews-status"
        />
      </div>
    </section>
  );
}

export function InvisibleSection(props: SectionProps) {
  const { t } = useI18n();
  return (
    <section className="card mb-3 settings-section" id="invisible" aria-labelledby="settings-invisible">
      <div className="card-body">
        <h2 className="h5" id="settings-invisible">
          {t('settings.invisible_title')}
        </h2>
        <SwitchForm
          intent="invisible"
          checked={props.settings.invisible}
          label={t('settings.invisible_label')}
          help={t('settings.invisible_help')}
        />
      </div>
    </section>
  );
}

/** One on/off setting as its own form (saved without script too): the switch, what it means, and Save. */
function SwitchForm(props: {
  intent: 'invisible' | 'push_previews';
  checked: boolean;
  label: string;
  help: string;
  testId?: string;
}) {
  const { t } = useI18n();
  const { fetcher, errors, saved, busy } = useSettingsForm(props.intent);
  const id = `settings-${props.intent}-switch`;
  return (
    <fetcher.Form method="post" action="/settings" key={String(props.checked)}>
      <IntentField intent={props.intent} />
      <div className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          name={props.intent}
          id={id}
          defaultChecked={props.checked}
        />
        <label className="form-check-label" htmlFor={id}>
          {props.label}
        </label>
      </div>
      <p className="small text-body-secondary mt-2">{props.help}</p>
      <button type="submit" className="btn btn-outline-primary" disabled={busy}>
        {t('settings.save')}
      </button>
      <StatusLine
        tone={errors.form ? 'danger' : 'success'}
        text={errors.form ?? (saved ? t('settings.saved') : undefined)}
        testId={props.testId}
      />
    </fetcher.Form>
  );
}

export function PasswordSection() {
  const { t } = useI18n();
  const { fetcher, errors, saved, busy } = useSettingsForm('password');
  return (
    <section className="card mb-3 settings-section" id="password" aria-labelledby="settings-password">
      <div className="card-body">
        <h2 className="h5" id="settings-password">
          {t('settings.password_title')}
        </h2>
        {/* Emptied after a change: a new key remounts the fields. */}
        <fetcher.Form method="post" action="/settings" noValidate key={saved ? 'saved' : 'open'}>
          <IntentField intent="password" />
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
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            {t('settings.password_save')}
          </button>
          <StatusLine
            tone={errors.form ? 'danger' : 'success'}
            text={errors.form ?? (saved ? t('settings.password_saved') : undefined)}
            testId="password-status"
          />
        </fetcher.Form>
      </div>
    </section>
  );
}

export function EmailSection(props: { email: string }) {
  const { t } = useI18n();
  const { fetcher, answer, errors, saved, busy } = useSettingsForm('email');
  return (
    <section className="card mb-3 settings-section" id="email" aria-labelledby="settings-email">
      <div className="card-body">
        <h2 className="h5" id="settings-email">
          {t('settings.email_title')}
        </h2>
        <p className="small text-body-secondary">{t('settings.email_current', { email: props.email })}</p>
        <fetcher.Form method="post" action="/settings" noValidate key={saved ? 'saved' : 'open'}>
          <IntentField intent="email" />
          <FormField id="settings-new-email" label={t('settings.new_email')} error={errors.email}>
            {(control) => <input {...control} name="email" type="email" autoComplete="email" />}
          </FormField>
          <FormField id="settings-email-password" label={t('settings.email_password')} error={errors.password}>
            {(control) => <input {...control} name="password" type="password" autoComplete="current-password" />}
          </FormField>
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            {t('settings.email_save')}
          </button>
          <StatusLine
            tone={errors.form ? 'danger' : 'success'}
            text={errors.form ?? (saved ? t('settings.email_sent', { email: answer?.sentTo ?? '' }) : undefined)}
            testId="email-status"
          />
        </fetcher.Form>
      </div>
    </section>
  );
}
