import { useEffect, useState } from 'react';
import { Form, useLocation, useNavigation, useSearchParams } from 'react-router';
import { useBannerDismissal } from '../../lib/banner-dismissal.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';

/**
 * The disabled-notifications alert (spec): while the member's notification mails are stopped (a bounce, a spam
 * complaint, a one-click unsubscribe), why, and a button that switches them back on (a form post to /mail-enable,
 * also without JavaScript). Shown from the server, so that it works without script; closing it stores the moment.
 */
export function MailAlert() {
  const { t } = useI18n();
  const user = useSessionUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const busy = useNavigation().formAction === '/mail-enable';
  const { dismissed, dismiss } = useBannerDismissal('mail', false);
  // Closing needs the running page: without it (or before it runs) there is no close button.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!user) return null;
  if (params.get('mail_enabled') === '1' && user.notifications_disabled.length === 0) {
    return (
      <div className="container mt-3">
        <div className="alert alert-success mb-0" role="status" data-testid="mail-enabled">
          {t('mail_alert.enabled', { email: user.email })}
        </div>
      </div>
    );
  }
  if (user.notifications_disabled.length === 0 || dismissed) return null;
  const back = location.pathname + location.search;
  return (
    <div className="container mt-3">
      <div className="alert alert-warning mb-0 mail-alert" role="status" data-testid="mail-alert">
        <div className="d-flex align-items-start gap-2">
          <div className="flex-grow-1">
            <h2 className="h6 alert-heading">{t('mail_alert.title')}</h2>
            {user.notifications_disabled.map((reason) => (
              <p className="mb-1" key={reason}>
                {reason === 'bounce'
                  ? t('mail_alert.reasons.bounce', { email: user.email })
                  : reason === 'fbl'
                    ? t('mail_alert.reasons.fbl')
                    : t('mail_alert.reasons.listunsubscribe')}
              </p>
            ))}
            <p className="mb-2">{t('mail_alert.help')}</p>
            <Form method="post" action="/mail-enable">
              <input type="hidden" name="redirect" value={back} />
              <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                {t('mail_alert.enable')}
              </button>
            </Form>
          </div>
          {live ? (
            <button type="button" className="btn-close" aria-label={t('mail_alert.dismiss')} onClick={dismiss} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
