import { deleteReasons } from '@app/shared/accounts/account-choices';
import { findDateTimeFormat } from '@app/shared/i18n/intl-formats';
import { FormField } from '../../components/ui/form-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSettingsForm } from './settings-sections.tsx';

/** One of the ways to stay (invisible, fewer mails, the company's discount): a button posting its own intent. */
function StayOffer(props: {
  intent: 'stay_invisible' | 'stay_fewer_mails' | 'stay_discount';
  text: string;
  button: string;
}) {
  const { fetcher, busy } = useSettingsForm(props.intent);
  return (
    <fetcher.Form method="post" action="/settings" className="mb-2">
      <input type="hidden" name="intent" value={props.intent} />
      <p className="small mb-1">{props.text}</p>
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
        {props.button}
      </button>
    </fetcher.Form>
  );
}

/**
 * Delete account: first the ways to stay (invisible mode, fewer mails, the company's discount), then the reasons and
 * a password check. Opened on `<details>`, so that it works without JavaScript.
 */
export function DeleteAccountSection() {
  const { t, locale } = useI18n();
  const { company } = useRootData();
  const invisible = useSettingsForm('stay_invisible');
  const fewerMails = useSettingsForm('stay_fewer_mails');
  const discount = useSettingsForm('stay_discount');
  const deletion = useSettingsForm('delete');
  const code = discount.answer?.discount;
  const stayError = invisible.errors.form ?? fewerMails.errors.form ?? discount.errors.form;
  const stayed = invisible.saved || fewerMails.saved;
  // An answer of one of these forms means the member was in the middle of it: keep it open.
  const open = Boolean(invisible.answer ?? fewerMails.answer ?? discount.answer ?? deletion.answer);

  return (
    <section className="card mb-3 border-danger-subtle settings-section" id="delete" aria-labelledby="settings-delete">
      <div className="card-body">
        <h2 className="h5" id="settings-delete">
          {t('settings.delete_title')}
        </h2>
        <p className="small text-body-secondary">{t('settings.delete_intro')}</p>
        <details className="delete-account" open={open || undefined}>
          <summary className="btn btn-outline-danger">{t('settings.delete_start')}</summary>
          <h3 className="h6 mt-3">{t('settings.delete_modal_title')}</h3>
          <div className="alternatives mb-3">
            <h4 className="h6">{t('settings.alternatives_title')}</h4>
            {stayError ? (
              <p className="text-danger small" role="alert">
                {stayError}
              </p>
            ) : null}
            {code ? (
              <p className="text-success small" role="status" data-testid="delete-discount">
                {t('settings.alternative_discount_done', {
                  code: code.code,
                  percentage: code.value_percentage,
                  date: code.expires
                    ? findDateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(code.expires))
                    : '',
                })}
              </p>
            ) : stayed ? (
              <p className="text-success small" role="status">
                {t('settings.alternative_done')}
              </p>
            ) : (
              <>
                <StayOffer
                  intent="stay_invisible"
                  text={t('settings.alternative_invisible')}
                  button={t('settings.alternative_invisible_button')}
                />
                <StayOffer
                  intent="stay_fewer_mails"
                  text={t('settings.alternative_fewer_mails')}
                  button={t('settings.alternative_fewer_mails_button')}
                />
                {company.delete_discount > 0 ? (
                  <StayOffer
                    intent="stay_discount"
                    text={t('settings.alternative_discount', { percentage: company.delete_discount })}
                    button={t('settings.alternative_discount_button')}
                  />
                ) : null}
              </>
            )}
          </div>
          <deletion.fetcher.Form method="post" action="/settings" noValidate>
            <input type="hidden" name="intent" value="delete" />
            {deletion.errors.form ? (
              <div className="alert alert-danger" role="alert">
                {deletion.errors.form}
              </div>
            ) : null}
            <FormField
              id="delete-reason"
              label={t('settings.delete_reason')}
              error={deletion.errors.reason}
              control="form-select"
            >
              {(control) => (
                <select {...control} name="reason" defaultValue="">
                  <option value="" disabled>
                    {t('settings.delete_choose')}
                  </option>
                  {deleteReasons.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(`settings.reasons.${reason}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="delete-comment" label={t('settings.delete_comment')} error={deletion.errors.comment}>
              {(control) => <textarea {...control} name="comment" rows={2} maxLength={1000} />}
            </FormField>
            <FormField id="delete-password" label={t('settings.delete_password')} error={deletion.errors.password}>
              {(control) => <input {...control} name="password" type="password" autoComplete="current-password" />}
            </FormField>
            <button type="submit" className="btn btn-danger" disabled={deletion.busy}>
              {t('settings.delete_confirm')}
            </button>
          </deletion.fetcher.Form>
        </details>
      </div>
    </section>
  );
}
