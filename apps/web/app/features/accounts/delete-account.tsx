import {
  type AccountSettings,
  type AccountSettingsResponse,
  deleteAccountSchema,
  deleteReasons,
  marketingNotificationTypes,
} from '@app/shared/accounts/account-settings';
import type { DiscountCode, DiscountCodeResponse } from '@app/shared/credits/discount-code';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';

/** Delete account: reasons, the alternatives (invisible mode, fewer mails, the company's discount) and a password check. */
export function DeleteAccountSection(props: { onChange(settings: AccountSettings): void }) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alternativeDone, setAlternativeDone] = useState(false);
  const [discount, setDiscount] = useState<DiscountCode | null>(null);
  const [alternativeError, setAlternativeError] = useState<string | null>(null);
  const { company } = useRootData();
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);

  async function applyAlternative(update: object) {
    setAlternativeError(null);
    try {
      const answer = await apiRequest<AccountSettingsResponse>('PUT', '/api/account-settings.php', update);
      props.onChange(answer.settings);
      setAlternativeDone(true);
    } catch (error) {
      setAlternativeError(errorText(error));
    }
  }

  async function takeDiscount() {
    setAlternativeError(null);
    try {
      const answer = await apiRequest<DiscountCodeResponse>('POST', '/api/delete-discount.php');
      setDiscount(answer.discountcode);
    } catch (error) {
      setAlternativeError(errorText(error));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setErrors({ [String(issue.path[0])]: t(`errors.${issue.message}`, { field: String(issue.path[0]) }) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('POST', '/api/delete-account.php', parsed.data);
      window.location.assign('/account-deleted');
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : t('errors.internal_error');
      setErrors(
        error instanceof ApiRequestError && error.code === 'old_password_wrong'
          ? { password: message }
          : { form: message },
      );
      setBusy(false);
    }
  }

  const fewerMails = Object.fromEntries(marketingNotificationTypes.map((type) => [type, false]));
  return (
    <section className="card mb-3 border-danger-subtle" aria-labelledby="settings-delete">
      <div className="card-body">
        <h2 className="h5" id="settings-delete">
          {t('settings.delete_title')}
        </h2>
        <p className="small text-body-secondary">{t('settings.delete_intro')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
          {t('settings.delete_start')}
        </button>
      </div>
      {open ? (
        <Modal id="delete-account-modal" title={t('settings.delete_modal_title')} onClose={() => setOpen(false)}>
          <div className="alternatives mb-3">
            <h3 className="h6">{t('settings.alternatives_title')}</h3>
            {alternativeError ? (
              <p className="text-danger small" role="alert">
                {alternativeError}
              </p>
            ) : null}
            {discount ? (
              <p className="text-success small" role="status" data-testid="delete-discount">
                {t('settings.alternative_discount_done', {
                  code: discount.code,
                  percentage: discount.value_percentage,
                  date: discount.expires
                    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(discount.expires))
                    : '',
                })}
              </p>
            ) : alternativeDone ? (
              <p className="text-success small" role="status">
                {t('settings.alternative_done')}
              </p>
            ) : (
              <>
                <p className="small mb-1">{t('settings.alternative_invisible')}</p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary mb-2"
                  onClick={() => applyAlternative({ invisible: true })}
                >
                  {t('settings.alternative_invisible_button')}
                </button>
                <p className="small mb-1">{t('settings.alternative_fewer_mails')}</p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => applyAlternative({ notifications: { email: fewerMails } })}
                >
                  {t('settings.alternative_fewer_mails_button')}
                </button>
                {company.delete_discount > 0 ? (
                  <>
                    <p className="small mb-1 mt-2">
                      {t('settings.alternative_discount', { percentage: company.delete_discount })}
                    </p>
                    <button type="button" className="btn btn-sm btn-outline-primary" onClick={takeDiscount}>
                      {t('settings.alternative_discount_button')}
                    </button>
                  </>
                ) : null}
              </>
            )}
          </div>
          <form method="post" noValidate onSubmit={onSubmit}>
            {errors.form ? (
              <div className="alert alert-danger" role="alert">
                {errors.form}
              </div>
            ) : null}
            <FormField
              id="delete-reason"
              label={t('settings.delete_reason')}
              error={errors.reason}
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
            <FormField id="delete-comment" label={t('settings.delete_comment')} error={errors.comment}>
              {(control) => <textarea {...control} name="comment" rows={2} maxLength={1000} />}
            </FormField>
            <FormField id="delete-password" label={t('settings.delete_password')} error={errors.password}>
              {(control) => <input {...control} name="password" type="password" autoComplete="current-password" />}
            </FormField>
            <div className="d-flex gap-2 justify-content-end">
              <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
                {t('settings.cancel')}
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t('settings.delete_confirm')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </section>
  );
}
