import { isMemberBannerDue, useBannerDismissal } from '../../lib/banner-dismissal.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { usePushSwitch } from './use-push-switch.ts';

/**
 * The push-notification alert (spec section 6): switch on pushes, or close it; closing stores the moment and the
 * alert comes back 14 days later. Gone once this device is subscribed or the browser blocks the site.
 */
export default function PushAlertContent() {
  const { t } = useI18n();
  const { state, busy, error, switchOn } = usePushSwitch();
  const user = useSessionUser();
  // One request at a time on a phone's first screen: the mail and photo alerts go first.
  const { dismissed, dismiss } = useBannerDismissal(
    'push',
    true,
    () =>
      (user !== null && user.notifications_disabled.length > 0 && isMemberBannerDue('mail')) ||
      (user !== null && !user.profile.main_image && isMemberBannerDue('photo')),
  );
  if (dismissed || (state !== 'capable' && !error)) return null;
  return (
    <div className="container mt-3">
      <div className="alert alert-info mb-0" role="status" data-testid="push-alert">
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <span className="flex-grow-1">{t('push_alert.text')}</span>
          <button
            type="button"
            className="btn btn-sm btn-primary push-alert-action"
            disabled={busy}
            onClick={() => void switchOn()}
          >
            {t('push_alert.switch_on')}
          </button>
          <button type="button" className="btn-close" aria-label={t('push_alert.dismiss')} onClick={dismiss} />
        </div>
        {error ? (
          <p className="small text-danger mt-2 mb-0" data-testid="push-alert-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
